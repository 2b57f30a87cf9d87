import DoorstepAPI
import DoorstepFlow
import Foundation
import OpenAPIRuntime

/// One place the account is signed in, as ``DoorstepClient/sessions()`` lists it.
public typealias DoorstepSessionInfo = Components.Schemas.SessionInfo

/// What a signed-in person manages after onboarding: their address, passkey names, where they are
/// signed in, and a copy of their data.
extension DoorstepClient {
    /// Mails a code to `email` to make it the account's address; ``confirmEmailChange(code:)`` finishes.
    /// Needs a recent sign-in (``ProblemCode/reauthenticationRequired`` otherwise).
    public func requestEmailChange(to email: String) async throws {
        try await authorized {
            switch try await self.send({ try await self.api.requestEmailChange(body: .json(.init(email: email))) }) {
            case .accepted: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Changes the account's address with the code mailed to the new one; the old one is told.
    @discardableResult
    public func confirmEmailChange(code: String) async throws -> DoorstepUser {
        try await authorized {
            switch try await self.send({ try await self.api.confirmEmailChange(body: .json(.init(code: code))) }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Renames one of the account's passkeys.
    @discardableResult
    public func renamePasskey(id: String, to name: String) async throws -> DoorstepPasskey {
        try await authorized {
            switch try await self.send({
                try await self.api.renamePasskey(path: .init(id: id), body: .json(.init(name: name)))
            }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Where the account is signed in, newest first: each session with its device, created and last
    /// seen, and which one is this app's.
    public func sessions() async throws -> [DoorstepSessionInfo] {
        try await authorized {
            switch try await self.send({ try await self.api.listSessions() }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Signs one of the account's other sessions out.
    public func signOutSession(id: String) async throws {
        try await authorized {
            switch try await self.send({ try await self.api.revokeSession(path: .init(id: id)) }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Signs the account out everywhere but here; returns how many sessions ended.
    @discardableResult
    public func signOutOtherSessions() async throws -> Int {
        try await authorized {
            switch try await self.send({ try await self.api.revokeOtherSessions() }) {
            case .ok(let ok): return try ok.body.json.revoked
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Everything the server holds about the person, as the JSON document `doorstep users export` writes.
    public func exportAccount() async throws -> Data {
        try await authorized {
            switch try await self.send({ try await self.api.exportAccount() }) {
            case .ok(let ok):
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return try encoder.encode(try ok.body.json)
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}

import DoorstepAPI
import DoorstepFlow
import Foundation
import OpenAPIRuntime

/// A household or family.
public typealias DoorstepGroup = Components.Schemas.Group

extension DoorstepClient {
    /// The signed-in user.
    public func me() async throws -> DoorstepUser {
        try await authorized {
            switch try await self.send({ try await self.api.getMe() }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Changes the user's names; nil leaves one as it is. A full `name` is kept whole as typed and
    /// replaces a first and last name; a first or last name replaces a full name.
    @discardableResult
    public func updateProfile(firstName: String?, lastName: String?, name: String? = nil) async throws -> DoorstepUser {
        try await authorized {
            switch try await self.send({
                try await self.api.updateMe(body: .json(.init(firstName: firstName, lastName: lastName, name: name)))
            }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Deletes the account and everything it owns, then forgets the session.
    public func deleteAccount() async throws {
        try await authorized {
            switch try await self.send({ try await self.api.deleteMe() }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
        await forgetSession()
    }

    /// Records accepted documents with their versions.
    public func acceptConsents(_ consents: [(document: String, version: String)]) async throws {
        let body = Components.Schemas.ConsentsRequest(
            consents: consents.map { .init(document: $0.document, version: $0.version) })
        try await authorized {
            switch try await self.send({ try await self.api.acceptConsents(body: .json(body)) }) {
            case .ok: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// The documents the user accepted, newest per document.
    public func consents() async throws -> [(document: String, version: String, acceptedAt: Date)] {
        try await authorized {
            switch try await self.send({ try await self.api.listConsents() }) {
            case .ok(let ok): return try ok.body.json.consents.map { ($0.document, $0.version, $0.acceptedAt) }
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Uploads a JPEG or PNG profile photo; returns where it is served.
    @discardableResult
    public func uploadAvatar(_ data: Data, isPNG: Bool) async throws -> String {
        try await authorized {
            let body: Operations.UploadAvatar.Input.Body = isPNG ? .png(HTTPBody(data)) : .jpeg(HTTPBody(data))
            switch try await self.send({ try await self.api.uploadAvatar(body: body) }) {
            case .ok(let ok): return try ok.body.json.avatarUrl
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    // MARK: - Groups

    /// Creates a household or family.
    public func createGroup(name: String, kind: String) async throws -> DoorstepGroup {
        guard let kind = Components.Schemas.GroupRequest.KindPayload(rawValue: kind) else {
            throw DoorstepError.notAnOption("kind", "The kind must be household or family.")
        }
        return try await authorized {
            switch try await self.send({ try await self.api.createGroup(body: .json(.init(name: name, kind: kind))) }) {
            case .created(let created): return try created.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Joins a group by invite code.
    public func joinGroup(inviteCode: String) async throws -> DoorstepGroup {
        try await authorized {
            switch try await self.send({ try await self.api.joinGroup(body: .json(.init(inviteCode: inviteCode))) }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// The user's groups.
    public func groups() async throws -> [DoorstepGroup] {
        try await authorized {
            switch try await self.send({ try await self.api.listGroups() }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Mails a group's invite code to people; returns who was invited, and why each other address was
    /// not (`invalid_email`, `already_invited`, `own_address`, `already_member`).
    @discardableResult
    public func invite(to groupID: String, emails: [String]) async throws
        -> (invited: [String], rejected: [(email: String, code: String)])
    {
        try await authorized {
            switch try await self.send({
                try await self.api.inviteToGroup(path: .init(id: groupID), body: .json(.init(emails: emails)))
            }) {
            case .accepted(let accepted):
                let body = try accepted.body.json
                return (body.invited, body.rejected.map { ($0.email, $0.code) })
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}

import DoorstepAPI
import DoorstepFlow
import Foundation
import OpenAPIRuntime

/// What an app shows to add an authenticator: the secret to type and the URL a QR code holds.
public typealias SecondFactorEnrolment = Components.Schemas.SecondFactorEnrolment

extension DoorstepClient {
    /// Completes a sign-in that failed with ``ProblemCode/mfaRequired``: the six digits the person's
    /// authenticator app shows now, or one of their recovery codes.
    @discardableResult
    public func completeSecondFactor(challenge: String, code: String) async throws -> (
        user: DoorstepUser, isNewUser: Bool
    ) {
        switch try await send({
            try await self.api.completeSecondFactor(body: .json(.init(challenge: challenge, code: code)))
        }) {
        case .ok(let ok): return try await signedIn(try ok.body.json)
        case .default(let status, let problem): throw DoorstepError.problem(status, problem)
        }
    }

    /// Whether an authenticator app guards the account, and the recovery codes left.
    public func secondFactorStatus() async throws -> (enabled: Bool, recoveryCodesLeft: Int) {
        try await authorized {
            switch try await self.send({ try await self.api.getSecondFactor() }) {
            case .ok(let ok):
                let status = try ok.body.json
                return (status.enabled, status.recoveryCodesLeft)
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Starts adding an authenticator app: the secret, its QR code and ten recovery codes to show the
    /// person once; nothing changes until ``confirmSecondFactor(code:)``. Needs a recent sign-in
    /// (``ProblemCode/reauthenticationRequired`` otherwise).
    public func beginSecondFactorEnrolment() async throws -> SecondFactorEnrolment {
        try await authorized {
            switch try await self.send({ try await self.api.beginSecondFactor() }) {
            case .created(let created): return try created.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Puts the authenticator app in force with its first code; the recovery codes of
    /// ``beginSecondFactorEnrolment()`` work from now on.
    public func confirmSecondFactor(code: String) async throws {
        try await authorized {
            switch try await self.send({ try await self.api.confirmSecondFactor(body: .json(.init(code: code))) }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Turns the authenticator app off, with a current code from it or a recovery code.
    public func disableSecondFactor(code: String) async throws {
        try await authorized {
            switch try await self.send({ try await self.api.disableSecondFactor(body: .json(.init(code: code))) }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}

import DoorstepAPI
import Foundation
import OpenAPIRuntime

extension DoorstepClient {
    /// Confirms who the signed-in person is with the account's password, so that changes needing a
    /// recent sign-in (deleting the account, adding a passkey, setting a password) go through for the
    /// next ten minutes. Call it when such a change fails with ``ProblemCode/reauthenticationRequired``,
    /// then try the change again.
    public func reauthenticate(password: String) async throws {
        try await reauthenticate(.init(password: password))
    }

    /// Confirms who the signed-in person is with a code mailed to the account's address: ask for one
    /// with ``requestReauthenticationCode(email:)`` first.
    public func reauthenticate(code: String) async throws {
        try await reauthenticate(.init(code: code))
    }

    /// Mails a sign-in code to the account's address, for ``reauthenticate(code:)``.
    public func requestReauthenticationCode(email: String) async throws {
        try await sendCode(email: email, purpose: "login")
    }

    private func reauthenticate(_ body: Components.Schemas.ReauthenticateRequest) async throws {
        try await authorized {
            switch try await self.send({ try await self.api.reauthenticate(body: .json(body)) }) {
            case .noContent: return
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}

import DoorstepAPI
import DoorstepFlow
import Foundation
import OpenAPIRuntime

extension DoorstepClient {
    /// Confirms who the signed-in person is with the account's password, so that changes needing a
    /// recent sign-in (deleting the account, adding a passkey, setting a password) go through for the
    /// next ten minutes. Call it when such a change fails with ``ProblemCode/reauthenticationRequired``,
    /// then try the change again. An account with an authenticator app also gives its current code (or
    /// a recovery code) as `secondFactorCode`; without it the server answers
    /// ``ProblemCode/mfaCodeRequired``.
    public func reauthenticate(password: String, secondFactorCode: String? = nil) async throws {
        try await reauthenticate(.init(password: password, mfaCode: secondFactorCode))
    }

    /// Confirms who the signed-in person is with a code mailed to the account's address: ask for one
    /// with ``requestReauthenticationCode(email:)`` first. An account with an authenticator app also
    /// gives its current code as `secondFactorCode`.
    public func reauthenticate(code: String, secondFactorCode: String? = nil) async throws {
        try await reauthenticate(.init(code: code, mfaCode: secondFactorCode))
    }

    /// Makes a change that may need a recent sign-in (deleting the account, adding a passkey, setting a
    /// password). When the server asks for one, `device` asks the person for their password — or for
    /// the code this mails now, when the account has none — and the change is tried once more. An
    /// account without an email address (Sign in with Apple that kept it) has neither: the error is
    /// then thrown, its detail asking the person to sign in again, and the change works after they do.
    ///
    /// ```swift
    /// try await client.withRecentSignIn(confirmingWith: device) { try await client.deleteAccount() }
    /// ```
    /// - Throws: the change's error; ``ProblemCode/reauthenticationRequired`` when the person cancels.
    public nonisolated func withRecentSignIn<Result: Sendable>(
        confirmingWith device: any DeviceEffects, _ change: @Sendable () async throws -> Result
    ) async throws -> Result {
        do {
            return try await change()
        } catch let error as DoorstepError where error.code == .reauthenticationRequired {
            guard try await confirmIdentity(with: device) else { throw error }
            return try await change()
        }
    }

    /// Has the person confirm who they are through `device` and tells the server; false when they cancel.
    /// An account with an authenticator app is asked for its code too (``DeviceEffects/secondFactorCode(problem:)``),
    /// again after a wrong one while the proof can be sent again (a password; a mailed code is spent).
    private func confirmIdentity(with device: any DeviceEffects) async throws -> Bool {
        let user = try await me()
        guard let email = user.email else { return false }
        if !user.hasPassword { try await requestReauthenticationCode(email: email) }
        guard
            let proof = await device.confirmIdentity(IdentityConfirmation(hasPassword: user.hasPassword, email: email))
        else { return false }
        var secondFactorCode: String?
        while true {
            do {
                switch proof {
                case .password(let password):
                    try await reauthenticate(password: password, secondFactorCode: secondFactorCode)
                case .code(let code): try await reauthenticate(code: code, secondFactorCode: secondFactorCode)
                }
                return true
            } catch let error as DoorstepError where error.code == .mfaCodeRequired && secondFactorCode == nil {
                guard let typed = await device.secondFactorCode(problem: nil) else { return false }
                secondFactorCode = typed
            } catch let error as DoorstepError where error.code == .invalidCode && secondFactorCode != nil {
                guard case .password = proof, case .server(let problem) = error,
                    let typed = await device.secondFactorCode(problem: problem.detail)
                else { throw error }
                secondFactorCode = typed
            }
        }
    }

    /// Mails a sign-in code to the account's address, for ``reauthenticate(code:secondFactorCode:)``.
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

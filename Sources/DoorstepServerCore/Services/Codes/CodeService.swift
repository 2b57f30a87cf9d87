import DoorstepFlow
import Foundation

/// Mails codes on request: for signing up, logging in and verifying an address.
public struct CodeService: Sendable {
    let storage: any Storage
    let policy: AuthPolicy
    let rules: InputRules
    let codes: OneTimeCodes
    let outbox: MailOutbox
    let context: ServiceContext

    /// The repositories mailing a code touches.
    typealias Store = OneTimeCodes.Store

    /// Mails a new code for `purpose`; only the newest code is valid. A `login` code is mailed only
    /// when the account exists, but the answer is the same either way. The mail is in the account's
    /// language, or for a new address in `language`, the one the request asked for.
    public func sendCode(
        email raw: String, purpose: CodePurpose, language: String? = nil
    ) async throws -> (expiresIn: Int, resendAfter: Int) {
        let email = try rules.validEmail(raw)
        guard CodePurpose.requestable.contains(purpose) else {
            throw ServiceError.invalid(
                "purpose", code: "not_an_option", "The purpose must be signup, login or verifyEmail.")
        }
        let delivered = try await storage.transaction { (store: any Store) in
            let exists = try await store.user(email: email) != nil
            let deliver = purpose == .signup || exists
            try await codes.issue(to: email, purpose: purpose, deliver: deliver, language: language, in: store)
            return deliver
        }
        if delivered { context.metrics.codeSent(purpose: purpose.rawValue) }
        outbox.wake()
        return (Int(policy.codeLifetime), Int(policy.resendAfter))
    }
}

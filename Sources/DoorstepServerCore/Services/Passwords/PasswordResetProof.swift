import DoorstepFlow
import Foundation

/// The right a password-reset code gives the session it opens: to choose a new password without the
/// old one, once, while its sign-in is recent. Kept in the security ledger under the session's id.
struct PasswordResetProof: Sendable {
    let storage: any Storage
    let policy: AuthPolicy
    let context: ServiceContext

    /// The repository the right is kept in.
    typealias Store = SecurityLedgerRepository

    /// Notes that `session` was opened with a password-reset code, for
    /// ``PasswordService/setPassword(newPassword:currentPassword:caller:)``.
    func markProven(_ session: SessionRecord, at now: Date, in store: any SecurityLedgerRepository) async throws {
        try await store.mark(
            .passwordResetProven, subject: session.id.lowercasedText, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-policy.recentSignInWindow))
    }

    /// Notes that the caller's session used its right.
    func markUsed(by caller: Caller, at now: Date, in store: any SecurityLedgerRepository) async throws {
        try await store.mark(
            .passwordResetUsed, subject: caller.sessionID.lowercasedText, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-policy.recentSignInWindow))
    }

    /// Whether the caller's session was opened with a password-reset code within the recent sign-in
    /// window and has not used that right yet: one new password per proof.
    func isProven(for caller: Caller) async throws -> Bool {
        let since = context.clock.now.addingTimeInterval(-policy.recentSignInWindow)
        let subject = caller.sessionID.lowercasedText
        return try await storage.read { (store: any Store) in
            let proven = try await store.marks(.passwordResetProven, subject: subject, since: since)
            let used = try await store.marks(.passwordResetUsed, subject: subject, since: since)
            return !proven.isEmpty && used.isEmpty
        }
    }
}

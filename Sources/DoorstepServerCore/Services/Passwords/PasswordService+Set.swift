import DoorstepFlow
import Foundation

extension PasswordService {
    /// Sets the caller's password; changing an existing one needs the current one and ends the
    /// caller's other sessions. Either needs a recent sign-in, and a mail tells the account's address.
    ///
    /// The session that made the account may replace the password without the current one while its
    /// sign-in is recent: no one but that session can have chosen it, and a person who goes back a
    /// step in their sign-up to pick another password must not be asked for the one they just left.
    /// So may a session opened with a password-reset code (`verifyCode` with `passwordReset`): it proved
    /// the address the reset was mailed to, which is what a reset asks; every other session then ends.
    public func setPassword(newPassword: String, currentPassword: String?, caller: Caller) async throws {
        try rules.checkNewPassword(newPassword, field: "newPassword")
        if let currentPassword, PasswordPolicy.length(of: currentPassword) > PasswordPolicy.maximumLength {
            throw ServiceError.invalid(
                "currentPassword", code: "too_long",
                "A password has at most \(PasswordPolicy.maximumLength) characters.")
        }
        let user = try await recentSignIn.requireRecentSignIn(caller)
        let resetting = try await resetProof.isProven(for: caller)
        if user.passwordHash != nil, !resetting, try await !madeTheAccount(caller, user) {
            guard let currentPassword, !currentPassword.isEmpty else {
                throw ServiceError.invalid("currentPassword", code: "required", "Enter your current password.")
            }
            // A wrong current password is a failed log-in: it counts toward the same lock-out.
            try await recentSignIn.confirmPassword(
                currentPassword, of: user, email: user.email ?? "", at: context.clock.now)
        }
        let hash = try await hashing.hash(newPassword)
        try await storage.transaction { (store: any Store) in
            guard var user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            let changing = user.passwordHash != nil
            let now = context.clock.now
            user.passwordHash = hash
            user.updatedAt = now
            try await store.updateUser(user)
            let change = resetting ? "reset" : changing ? "changed" : "set"
            try await context.webhooks.enqueue(
                .passwordChanged, ["userId": .id(user.id), "change": .string(change)], in: store)
            if let email = user.email {
                try await outbox.enqueue(
                    .passwordChanged, to: email, values: changing ? ["changed": "true"] : [:],
                    language: user.language, in: store)
            }
            if resetting {
                try await store.clearLoginFailures(email: user.email ?? "")
                try await resetProof.markUsed(by: caller, at: now, in: store)
            }
            guard changing || resetting else { return }
            _ = try await context.credentials.end(
                CredentialKind.signIns, of: user, except: caller.sessionID, at: now, in: store)
        }
        outbox.wake()
        context.audit.record(
            resetting ? .passwordReset : user.passwordHash == nil ? .passwordSet : .passwordChanged,
            user: caller.userID, session: caller.sessionID)
    }
}

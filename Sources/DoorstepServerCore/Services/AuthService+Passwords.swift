import DoorstepFlow
import Foundation

extension AuthService {
    /// Mails a reset code when the account exists, in its language. Always accepted, so the answer
    /// never tells.
    public func forgotPassword(email raw: String, language: String? = nil) async throws -> (
        expiresIn: Int, resendAfter: Int
    ) {
        let email = try validEmail(raw)
        let delivered = try await storage.transaction { store in
            let user = try await store.user(email: email)
            try await issueCode(
                to: email, purpose: .passwordReset, deliver: user != nil, language: language, in: store)
            return user != nil
        }
        if delivered { metrics.codeSent(purpose: CodePurpose.passwordReset.rawValue) }
        outbox.wake()
        return (Int(policy.codeLifetime), Int(policy.resendAfter))
    }

    /// Sets a new password with a reset code, ends every other session, and signs in.
    public func resetPassword(email raw: String, code: String, newPassword: String, meta: RequestMeta) async throws
        -> AuthSession
    {
        let email = try validEmail(raw)
        try checkCodeShape(code)
        try checkNewPassword(newPassword, field: "newPassword")
        let hash = try await hashPassword(newPassword)
        let outcome = try await storage.transaction { store -> SignInOutcome in
            let check = try await checkCode(code, email: email, purpose: .passwordReset, in: store)
            guard check == .valid, let existing = try await store.user(email: email) else {
                return .failed(check == .valid ? .missing : check)
            }
            let now = clock.now
            var user = try await proveEmail(of: existing, at: now, in: store)
            user.passwordHash = hash
            user.updatedAt = now
            try await store.updateUser(user)
            try await webhooks.enqueue(.passwordChanged, ["userId": .id(user.id), "change": "reset"], in: store)
            _ = try await credentials.end(CredentialKind.signIns, of: user, at: now, in: store)
            try await store.clearLoginFailures(email: email)
            if let challenge = try await secondFactorChallenge(for: user, method: .passwordReset, in: store) {
                return .secondFactor(challenge, user.id)
            }
            let opened = try await openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: false)
        }
        logger.info("password reset", metadata: ["email.verified": "true"])
        switch outcome {
        case .signedIn(let user, let opened, _): audit.record(.passwordReset, user: user.id, session: opened.session.id)
        case .secondFactor(_, let userID): audit.record(.passwordReset, user: userID)
        case .failed: break
        }
        return try await finish(outcome, method: .passwordReset)
    }

    /// Sets the caller's password; changing an existing one needs the current one and ends the
    /// caller's other sessions. Either needs a recent sign-in, and a mail tells the account's address.
    ///
    /// The session that made the account may replace the password without the current one while its
    /// sign-in is recent: no one but that session can have chosen it, and a person who goes back a
    /// step in their sign-up to pick another password must not be asked for the one they just left.
    /// So may a session opened with a password-reset code (`verifyCode` with `passwordReset`): it proved
    /// the address the reset was mailed to, which is what a reset asks; every other session then ends.
    public func setPassword(newPassword: String, currentPassword: String?, caller: Caller) async throws {
        try checkNewPassword(newPassword, field: "newPassword")
        if let currentPassword, PasswordPolicy.length(of: currentPassword) > PasswordPolicy.maximumLength {
            throw ServiceError.invalid(
                "currentPassword", code: "too_long",
                "A password has at most \(PasswordPolicy.maximumLength) characters.")
        }
        let user = try await requireRecentSignIn(caller)
        let resetting = try await provedReset(caller)
        if user.passwordHash != nil, !resetting, try await !madeTheAccount(caller, user) {
            guard let currentPassword, !currentPassword.isEmpty else {
                throw ServiceError.invalid("currentPassword", code: "required", "Enter your current password.")
            }
            // A wrong current password is a failed log-in: it counts toward the same lock-out.
            try await confirmPassword(currentPassword, of: user, email: user.email ?? "", at: clock.now)
        }
        let hash = try await hashPassword(newPassword)
        try await storage.transaction { store in
            guard var user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            let changing = user.passwordHash != nil
            let now = clock.now
            user.passwordHash = hash
            user.updatedAt = now
            try await store.updateUser(user)
            let change = resetting ? "reset" : changing ? "changed" : "set"
            try await webhooks.enqueue(
                .passwordChanged, ["userId": .id(user.id), "change": .string(change)], in: store)
            if let email = user.email {
                try await outbox.enqueue(
                    .passwordChanged, to: email, values: changing ? ["changed": "true"] : [:],
                    language: user.language, in: store)
            }
            if resetting {
                try await store.clearLoginFailures(email: user.email ?? "")
                try await store.mark(
                    .passwordResetUsed, subject: caller.sessionID.lowercasedText, LedgerMark(at: now, weight: 1),
                    forgettingBefore: now.addingTimeInterval(-policy.recentSignInWindow))
            }
            guard changing || resetting else { return }
            _ = try await credentials.end(
                CredentialKind.signIns, of: user, except: caller.sessionID, at: now, in: store)
        }
        outbox.wake()
        audit.record(
            resetting ? .passwordReset : user.passwordHash == nil ? .passwordSet : .passwordChanged,
            user: caller.userID, session: caller.sessionID)
    }

    /// Notes that `session` was opened with a password-reset code, for ``setPassword(newPassword:currentPassword:caller:)``.
    func markResetProven(_ session: SessionRecord, at now: Date, in store: any StorageTransaction) async throws {
        try await store.mark(
            .passwordResetProven, subject: session.id.lowercasedText, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-policy.recentSignInWindow))
    }

    /// Whether the caller's session was opened with a password-reset code within the recent sign-in
    /// window and has not used that right yet: one new password per proof.
    private func provedReset(_ caller: Caller) async throws -> Bool {
        let since = clock.now.addingTimeInterval(-policy.recentSignInWindow)
        let subject = caller.sessionID.lowercasedText
        return try await storage.read { store in
            let proven = try await store.marks(.passwordResetProven, subject: subject, since: since)
            let used = try await store.marks(.passwordResetUsed, subject: subject, since: since)
            return !proven.isEmpty && used.isEmpty
        }
    }

    /// Whether the caller's session is the one the account was made with: the account's first session,
    /// opened in the same transaction as the account (the sign-up's own), not a sign-in made a moment
    /// later.
    private func madeTheAccount(_ caller: Caller, _ user: UserRecord) async throws -> Bool {
        guard !user.isGuest else { return false }
        let sessions = try await storage.read { try await $0.sessions(userID: user.id) }
        guard let first = sessions.min(by: { $0.createdAt < $1.createdAt }), first.id == caller.sessionID else {
            return false
        }
        let sinceAccount = first.createdAt.timeIntervalSince(user.createdAt)
        return sinceAccount >= 0 && sinceAccount < Self.signUpSessionLeeway
    }

    /// How long after the account its sign-up's session can open: the same transaction, read twice
    /// from the clock.
    static let signUpSessionLeeway: TimeInterval = 1
}

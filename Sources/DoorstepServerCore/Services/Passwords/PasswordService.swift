import DoorstepFlow
import Foundation

/// Passwords: a reset by mailed code, and setting or changing the signed-in account's password.
public struct PasswordService: Sendable {
    let storage: any Storage
    let policy: AuthPolicy
    let rules: InputRules
    let hashing: PasswordHashing
    let codes: OneTimeCodes
    let accounts: AccountLifecycle
    let secondFactor: SecondFactorCheck
    let issuer: SessionIssuer
    /// Changing a password needs a recent sign-in, and the current password is checked as it does.
    let recentSignIn: RecentSignInService
    let resetProof: PasswordResetProof
    let outbox: MailOutbox
    let context: ServiceContext

    /// The repositories resetting and setting passwords touches.
    typealias Store = AccountLifecycle.Store & OneTimeCodes.Store & SessionIssuer.Store & SecondFactorCheck.Store

    /// Mails a reset code when the account exists, in its language. Always accepted, so the answer
    /// never tells.
    public func forgotPassword(email raw: String, language: String? = nil) async throws -> (
        expiresIn: Int, resendAfter: Int
    ) {
        let email = try rules.validEmail(raw)
        let delivered = try await storage.transaction { (store: any Store) in
            let user = try await store.user(email: email)
            try await codes.issue(
                to: email, purpose: .passwordReset, deliver: user != nil, language: language, in: store)
            return user != nil
        }
        if delivered { context.metrics.codeSent(purpose: CodePurpose.passwordReset.rawValue) }
        outbox.wake()
        return (Int(policy.codeLifetime), Int(policy.resendAfter))
    }

    /// Sets a new password with a reset code, ends every other session, and signs in. On an account with
    /// an authenticator app in force, nothing changes until its code completes the sign-in
    /// (`mfa_required`): whoever holds only the mailbox can neither set the password nor sign the owner
    /// out.
    public func resetPassword(email raw: String, code: String, newPassword: String, meta: RequestMeta) async throws
        -> AuthSession
    {
        let email = try rules.validEmail(raw)
        try codes.checkShape(code)
        try rules.checkNewPassword(newPassword, field: "newPassword")
        let hash = try await hashing.hash(newPassword)
        let outcome = try await storage.transaction { (store: any Store) -> SignInOutcome in
            let check = try await codes.check(code, email: email, purpose: .passwordReset, in: store)
            guard check == .valid, let existing = try await store.user(email: email) else {
                return .failed(check == .valid ? .missing : check)
            }
            let now = context.clock.now
            var user = try await accounts.proveEmail(of: existing, at: now, in: store)
            // Proving an unproven address ends any authenticator first, so one still in force is the owner's.
            if let challenge = try await secondFactor.challenge(
                for: user, method: .passwordReset, settingPassword: hash, in: store)
            {
                if user != existing { try await store.updateUser(user) }
                return .secondFactor(challenge, user.id)
            }
            user = try await accounts.replacePassword(of: user, with: hash, at: now, in: store)
            let opened = try await issuer.openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: false)
        }
        context.logger.info("password reset", metadata: ["email.verified": "true"])
        switch outcome {
        case .signedIn(let user, let opened, _):
            context.audit.record(.passwordReset, user: user.id, session: opened.session.id)
        case .secondFactor(_, let userID): context.audit.record(.passwordReset, user: userID)
        case .failed: break
        }
        return try await issuer.finish(outcome, method: .passwordReset)
    }

    /// Whether the caller's session is the one the account was made with: the account's first session,
    /// opened in the same transaction as the account (the sign-up's own), not a sign-in made a moment
    /// later.
    func madeTheAccount(_ caller: Caller, _ user: UserRecord) async throws -> Bool {
        guard !user.isGuest else { return false }
        let sessions = try await storage.read { (store: any Store) in try await store.sessions(userID: user.id) }
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

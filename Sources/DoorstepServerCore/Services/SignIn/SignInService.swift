import DoorstepFlow
import Foundation

/// Signing in and up: identifier-first lookup, mailed codes, passwords and guests. Every way ends in
/// the session ``SessionIssuer`` opens, or in `mfa_required` when the account has an authenticator.
public struct SignInService: Sendable {
    let storage: any Storage
    let policy: AuthPolicy
    let rules: InputRules
    let hashing: PasswordHashing
    let codes: OneTimeCodes
    let budgets: FailureBudgets
    let accounts: AccountLifecycle
    let secondFactor: SecondFactorCheck
    let issuer: SessionIssuer
    /// Tells which guest a bearer token upgrades.
    let sessions: SessionService
    let resetProof: PasswordResetProof
    let outbox: MailOutbox
    let context: ServiceContext

    /// The repositories signing in touches.
    typealias Store = AccountLifecycle.Store & OneTimeCodes.Store & SessionIssuer.Store & SecondFactorCheck.Store
        & ProfileRepository

    /// Whether an email has an account, and the methods it can use. Answers only when identifier-first
    /// sign-in is enabled.
    public func identify(email raw: String) async throws -> (email: String, exists: Bool, methods: [String]) {
        guard policy.identifyEnabled else { throw ServiceError.notFound }
        let email = try rules.validEmail(raw)
        let user = try await storage.transaction { (store: any Store) in try await store.user(email: email) }
        guard let user else { return (email, false, ["code", "password"]) }
        var methods = ["code"]
        if user.passwordHash != nil { methods.insert("password", at: 0) }
        methods += user.providers
        return (email, true, methods)
    }

    /// Exchanges a code for a session. `signup` creates the account when there is none; a guest's bearer
    /// token upgrades that guest in place, keeping its id. An email owned by someone else is refused
    /// with `email_taken`, and neither account changes.
    ///
    /// A `passwordReset` code signs in to the account it was mailed for and lets that session choose a
    /// new password without the old one while its sign-in is recent (``PasswordService/setPassword(newPassword:currentPassword:caller:)``),
    /// so a wrong code is found out before the new password is typed.
    public func verifyCode(email raw: String, code: String, purpose: CodePurpose, meta: RequestMeta) async throws
        -> AuthSession
    {
        let email = try rules.validEmail(raw)
        try codes.checkShape(code)
        guard CodePurpose.verifiable.contains(purpose) else {
            throw ServiceError.invalid(
                "purpose", code: "not_an_option", "The purpose must be signup, login, verifyEmail or passwordReset.")
        }
        let resetting = purpose == .passwordReset
        let caller = try await meta.bearerToken.asyncMap { try await sessions.authenticate(bearer: $0) }
        let outcome = try await storage.transaction { (store: any Store) -> SignInOutcome in
            let check = try await codes.check(code, email: email, purpose: purpose, in: store)
            guard check == .valid else { return .failed(check) }
            let now = context.clock.now
            let existing = try await store.user(email: email)
            if !resetting, let caller, var guest = try await store.user(id: caller.userID), guest.isGuest {
                if let existing, existing.id != guest.id { throw ServiceError.emailTaken }
                guest.email = email
                guest.emailVerified = true
                guest.isGuest = false
                guest.updatedAt = now
                try await store.updateUser(guest)
                try await context.webhooks.enqueue(
                    .userUpdated,
                    ["userId": .id(guest.id), "changed": ["email", "isGuest"], "email": .string(email)], in: store)
                try await context.webhooks.enqueue(.emailVerified, .emailOf(guest), in: store)
                try await context.credentials.revoke(sessionID: caller.sessionID, at: now, in: store)
                let opened = try await issuer.openSession(for: guest, meta: meta, in: store)
                return .signedIn(guest, opened, isNew: true)
            }
            if let existing {
                // Signed in to this very account, the person who set its credentials read the code:
                // they stay. Anyone else proving the address ends what was set before it was proven.
                let user = try await accounts.proveEmail(
                    of: existing, at: now, keepingCredentials: caller?.userID == existing.id, in: store)
                if user != existing { try await store.updateUser(user) }
                if let challenge = try await secondFactor.challenge(
                    for: user, method: resetting ? .passwordReset : .code, provingReset: resetting, in: store)
                {
                    return .secondFactor(challenge, user.id)
                }
                let opened = try await issuer.openSession(for: user, meta: meta, in: store)
                if resetting { try await resetProof.markProven(opened.session, at: now, in: store) }
                return .signedIn(user, opened, isNew: false)
            }
            guard purpose == .signup else { return .failed(.missing) }
            let user = UserRecord(
                id: context.random.uuid(), email: email, emailVerified: true, language: meta.language, createdAt: now)
            try await accounts.create(user, in: store)
            let opened = try await issuer.openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: true)
        }
        return try await issuer.finish(outcome, method: resetting ? .passwordReset : .code)
    }

    /// Creates an anonymous account and signs it in.
    public func continueAsGuest(meta: RequestMeta) async throws -> AuthSession {
        let user = UserRecord(
            id: context.random.uuid(), email: nil, language: meta.language, isGuest: true, createdAt: context.clock.now)
        let opened = try await storage.transaction { (store: any Store) in
            try await accounts.create(user, in: store)
            return try await issuer.openSession(for: user, meta: meta, in: store)
        }
        return try await issuer.signedIn(user, opened, isNewUser: true, method: .guest)
    }
}

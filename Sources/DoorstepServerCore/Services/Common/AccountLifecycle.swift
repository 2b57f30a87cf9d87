import DoorstepFlow
import Foundation

/// Writes the changes to an account that several features make alike — creating it, proving its
/// address — with the events they report, in the caller's transaction.
struct AccountLifecycle: Sendable {
    let context: ServiceContext

    /// The repositories creating an account and proving its address touch.
    typealias Store = UserRepository & CodeRepository & AccountCredentials.Store

    /// Adds an account and reports it (`user.created`, and `email.verified` when it was made with a
    /// proven address), in the caller's transaction.
    func create(_ user: UserRecord, in store: any UserRepository & WebhookRepository) async throws {
        try await store.insertUser(user)
        var data: [String: Value] = [
            "userId": .id(user.id), "emailVerified": .bool(user.emailVerified), "isGuest": .bool(user.isGuest),
        ]
        if let email = user.email { data["email"] = .string(email) }
        try await context.webhooks.enqueue(.userCreated, data, in: store)
        if user.emailVerified, user.email != nil {
            try await context.webhooks.enqueue(.emailVerified, .emailOf(user), in: store)
        }
    }

    /// Marks `user`'s email proven — by a code mailed to it, a password reset or a provider that vouches
    /// for it — and, when it was not proven before, ends every credential set before: each kind of
    /// ``CredentialKind`` — password, passkeys, linked identities, authenticator app, recovery codes,
    /// sign-ins waiting for a second factor, sessions — is removed. Whoever signed up with an
    /// address they could not read (a squatter waiting for its owner) loses every way back in, while
    /// the owner keeps the account and what onboarding left in it. With `keepingCredentials` (the code
    /// was entered in a session of this very account, so whoever set them read the mail) nothing ends.
    /// Returns the updated account; the caller saves it.
    func proveEmail(
        of user: UserRecord, at now: Date, keepingCredentials: Bool = false, in store: any Store
    ) async throws -> UserRecord {
        var user = user
        guard !user.emailVerified else { return user }
        user.emailVerified = true
        user.updatedAt = now
        try await context.webhooks.enqueue(.emailVerified, .emailOf(user), in: store)
        guard !keepingCredentials else { return user }
        let (cleared, ended) = try await context.credentials.end(
            CredentialKind.allCases, of: user, at: now, in: store)
        guard !ended.isEmpty else { return user }
        user = cleared
        try await store.clearLoginFailures(email: user.email ?? "")
        context.audit.record(.unprovenCredentialsRemoved, user: user.id, reason: ended.summary)
        return user
    }
}

extension AccountLifecycle {
    /// Sets the password a reset chose and ends every session, reported as `password.changed`, in the
    /// caller's transaction; clears the address's failed log-ins. Returns the updated account, saved.
    func replacePassword(of user: UserRecord, with hash: String, at now: Date, in store: any Store) async throws
        -> UserRecord
    {
        var user = user
        user.passwordHash = hash
        user.updatedAt = now
        try await store.updateUser(user)
        try await context.webhooks.enqueue(.passwordChanged, ["userId": .id(user.id), "change": "reset"], in: store)
        _ = try await context.credentials.end(CredentialKind.signIns, of: user, at: now, in: store)
        if let email = user.email { try await store.clearLoginFailures(email: email) }
        return user
    }
}

extension [String: Value] {
    /// An account's id and address, for the events whose receivers need the address.
    static func emailOf(_ user: UserRecord) -> Self {
        var data: Self = ["userId": .id(user.id)]
        if let email = user.email { data["email"] = .string(email) }
        return data
    }
}

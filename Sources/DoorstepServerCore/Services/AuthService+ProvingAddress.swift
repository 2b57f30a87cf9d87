import Foundation

extension AuthService {
    /// Marks `user`'s email proven — by a code mailed to it, a password reset or a provider that vouches
    /// for it — and, when it was not proven before, ends every credential set before: each kind of
    /// ``CredentialKind`` — password, passkeys, linked identities, authenticator app, recovery codes,
    /// sign-ins waiting for a second factor, sessions — is removed. Whoever signed up with an
    /// address they could not read (a squatter waiting for its owner) loses every way back in, while
    /// the owner keeps the account and what onboarding left in it. With `keepingCredentials` (the code
    /// was entered in a session of this very account, so whoever set them read the mail) nothing ends.
    /// Returns the updated account; the caller saves it.
    func proveEmail(
        of user: UserRecord, at now: Date, keepingCredentials: Bool = false, in store: any StorageTransaction
    ) async throws -> UserRecord {
        var user = user
        guard !user.emailVerified else { return user }
        user.emailVerified = true
        user.updatedAt = now
        try await webhooks.enqueue(.emailVerified, .emailOf(user), in: store)
        guard !keepingCredentials else { return user }
        let (cleared, ended) = try await credentials.end(CredentialKind.allCases, of: user, at: now, in: store)
        guard !ended.isEmpty else { return user }
        user = cleared
        try await store.clearLoginFailures(email: user.email ?? "")
        audit.record(.unprovenCredentialsRemoved, user: user.id, reason: ended.summary)
        return user
    }
}

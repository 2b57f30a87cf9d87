import Foundation

extension AuthService {
    /// Marks `user`'s email proven — by a code mailed to it, a password reset or a provider that vouches
    /// for it — and, when it was not proven before, ends every credential set before: its password,
    /// passkeys and linked identities are removed and all its sessions end. Whoever signed up with an
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
        let passkeys = try await store.passkeys(userID: user.id)
        let identities = try await store.identities(userID: user.id)
        let sessions = try await store.sessions(userID: user.id).filter { $0.revokedAt == nil }
        guard user.passwordHash != nil || !passkeys.isEmpty || !identities.isEmpty || !sessions.isEmpty else {
            return user
        }
        let hadPassword = user.passwordHash != nil
        user.passwordHash = nil
        user.providers = []
        for passkey in passkeys { try await store.deletePasskey(id: passkey.id) }
        try await store.deleteIdentities(userID: user.id)
        for session in sessions { try await revoke(sessionID: session.id, at: now, in: store) }
        try await store.clearLoginFailures(email: user.email ?? "")
        audit.record(
            .unprovenCredentialsRemoved, user: user.id,
            reason: "password=\(hadPassword) passkeys=\(passkeys.count) identities=\(identities.count)"
                + " sessions=\(sessions.count)")
        return user
    }
}

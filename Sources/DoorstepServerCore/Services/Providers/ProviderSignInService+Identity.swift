import DoorstepFlow
import Foundation

extension ProviderSignInService {
    /// Signs in with an identity a provider vouched for. The first sign-in creates the account (with
    /// the names Apple sends only then); later ones find it. An email that already has an account is
    /// linked to it only when the provider says the email is verified (otherwise 409 `email_taken`), and
    /// an account that never proved that address loses the credentials set on it before. An identity
    /// token signs in once: its nonce is recorded, and a token that comes back is refused.
    public func signIn(
        with identity: VerifiedIdentity, firstName: String?, lastName: String?, providerRefreshToken: String?,
        meta: RequestMeta
    ) async throws -> AuthSession {
        let first = try InputRules.validName(firstName, field: "firstName")
        let last = try InputRules.validName(lastName, field: "lastName")
        let email = identity.email.flatMap { EmailAddress.isValid($0) ? EmailAddress.normalized($0) : nil }
        let providerRefreshToken = try providerRefreshToken.map { try tokenSealer.seal($0) }
        let method = SignInMethod(rawValue: identity.provider) ?? .apple
        let outcome = try await storage.transaction { (store: any Store) -> SignInOutcome in
            let now = context.clock.now
            try await useNonce(of: identity, at: now, in: store)
            if var link = try await store.identity(provider: identity.provider, subject: identity.subject),
                let user = try await store.user(id: link.userID)
            {
                if let providerRefreshToken {
                    link.providerRefreshToken = providerRefreshToken
                    try await store.updateIdentity(link)
                }
                if let challenge = try await secondFactor.challenge(for: user, method: method, in: store) {
                    return .secondFactor(challenge, user.id)
                }
                let opened = try await issuer.openSession(for: user, meta: meta, in: store)
                return .signedIn(user, opened, isNew: false)
            }
            var user: UserRecord
            var isNew = false
            if let email, let existing = try await store.user(email: email) {
                // Linking needs the provider's word that the address is theirs; an account that never
                // proved the address loses what was set on it before it is linked.
                guard identity.emailVerified else { throw ServiceError.emailTaken }
                user = try await accounts.proveEmail(of: existing, at: now, in: store)
                if !user.providers.contains(identity.provider) { user.providers.append(identity.provider) }
                user.updatedAt = now
                try await store.updateUser(user)
            } else {
                user = UserRecord(
                    id: context.random.uuid(), email: email, emailVerified: email != nil && identity.emailVerified,
                    firstName: first, lastName: last, language: meta.language, providers: [identity.provider],
                    createdAt: now)
                try await accounts.create(user, in: store)
                isNew = true
            }
            context.audit.record(.identityLinked, user: user.id, reason: identity.provider)
            try await store.insertIdentity(
                IdentityRecord(
                    provider: identity.provider, subject: identity.subject,
                    userID: user.id, providerRefreshToken: providerRefreshToken,
                    createdAt: now))
            if let challenge = try await secondFactor.challenge(for: user, method: method, in: store) {
                return .secondFactor(challenge, user.id)
            }
            let opened = try await issuer.openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: isNew)
        }
        return try await issuer.finish(outcome, method: method)
    }

    /// How long a used identity-token nonce is remembered: well past the longest-lived token.
    static let usedNonceRetention: TimeInterval = 7 * 24 * 60 * 60

    /// Records that `identity`'s token signed someone in, on every instance: the same token coming back
    /// (to this instance after a restart, or to another) is refused.
    func useNonce(of identity: VerifiedIdentity, at now: Date, in store: any SecurityLedgerRepository) async throws {
        let subject = identity.provider + ":" + Digests.sha256Hex(identity.nonce)
        guard try await store.marks(.identityNonce, subject: subject, since: .distantPast).isEmpty else {
            context.audit.record(.identityTokenReplayed, reason: identity.provider)
            throw IdentityTokenVerifier.invalid
        }
        try await store.mark(
            .identityNonce, subject: subject, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-Self.usedNonceRetention))
    }
}

import DoorstepFlow
import Foundation

/// Sign in with Apple and Google: checks the identity token with the provider's verifier, then signs
/// in. A provider that is not configured does not exist (404).
public struct ProviderSignInService: Sendable {
    let storage: any Storage
    let verifiers: [String: IdentityTokenVerifier]
    let apple: AppleTokenClient?
    /// Seals the provider refresh tokens kept with linked identities.
    let tokenSealer: ProviderTokenSealer
    let accounts: AccountLifecycle
    let secondFactor: SecondFactorCheck
    let issuer: SessionIssuer
    let context: ServiceContext

    /// The repositories signing in with a provider touches.
    typealias Store = AccountLifecycle.Store & SecondFactorCheck.Store & SessionIssuer.Store

    /// The providers people can sign in with, in a stable order.
    public var enabledProviders: [String] { verifiers.keys.sorted() }

    /// Signs in with a provider's identity token.
    public func signIn(
        provider: String, token: String, rawNonce: String?, authorizationCode: String?, firstName: String?,
        lastName: String?, meta: RequestMeta
    ) async throws -> AuthSession {
        guard let verifier = verifiers[provider] else {
            throw ServiceError(status: 404, code: .notFound, detail: "Sign-in with \(provider) is not set up here.")
        }
        let method = SignInMethod(rawValue: provider) ?? .apple
        let identity: VerifiedIdentity
        do {
            identity = try await verifier.verify(token, rawNonce: rawNonce)
        } catch {
            context.metrics.signInFailed(method, reason: error.code.rawValue)
            throw error
        }
        var refreshToken: String?
        if provider == "apple", let apple, let code = authorizationCode, !code.isEmpty, code.utf8.count <= 1_024 {
            refreshToken = try? await apple.refreshToken(forCode: code)
        }
        return try await signIn(
            with: identity, firstName: firstName, lastName: lastName,
            providerRefreshToken: refreshToken, meta: meta)
    }

    /// Revokes the Apple tokens of a deleted account.
    public func revokeAppleTokens(of identities: [IdentityRecord]) async {
        await apple?.revokeTokens(of: tokenSealer.opened(identities))
    }
}

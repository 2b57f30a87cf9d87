import DoorstepFlow
import Foundation

/// Opens sessions and mints their tokens: every way of signing in — codes, passwords, guests,
/// providers, passkeys, a second factor — and every refresh ends here, so each gives the same session.
struct SessionIssuer: Sendable {
    let storage: any Storage
    let tokens: AccessTokens
    let policy: AuthPolicy
    let context: ServiceContext

    /// The repositories opening a session touches.
    typealias Store = SessionRepository & EntitlementRepository & WebhookRepository

    /// Opens a session for `user` inside a transaction; returns it with its first refresh token and
    /// what the account may use, read in the same transaction for its access token.
    func openSession(for user: UserRecord, meta: RequestMeta, in store: any Store) async throws -> OpenedSession {
        guard user.disabledAt == nil else { throw ServiceError.accountDisabled }
        let now = context.clock.now
        var session = SessionRecord(
            id: context.random.uuid(), userID: user.id, createdAt: now,
            expiresAt: now.addingTimeInterval(policy.idleSessionLifetime), userAgent: meta.userAgent)
        session.deviceName = meta.device?.name
        session.deviceModel = meta.device?.model
        try await store.insertSession(session)
        let refreshToken = context.random.token()
        try await store.insertRefreshToken(
            RefreshTokenRecord(hash: Digests.sha256Hex(refreshToken), sessionID: session.id, createdAt: now))
        try await context.webhooks.enqueue(
            .sessionCreated, ["userId": .id(user.id), "sessionId": .id(session.id)], in: store)
        return OpenedSession(
            session: session, refreshToken: refreshToken,
            entitlements: try await Self.entitlementProducts(of: user.id, at: now, in: store))
    }

    /// The product ids of what the account may use at `now`, family-shared ones included, each once:
    /// the `entitlements` claim of its access tokens. One read.
    static func entitlementProducts(of userID: UUID, at now: Date, in store: any EntitlementRepository) async throws
        -> [String]
    {
        productIDs(of: try await store.activeEntitlements(of: userID, at: now))
    }

    /// The product ids of `entitlements`, each once, in their order.
    static func productIDs(of entitlements: [EntitlementRecord]) -> [String] {
        var products: [String] = []
        for entitlement in entitlements where !products.contains(entitlement.productID) {
            products.append(entitlement.productID)
        }
        return products
    }

    /// The response for a session whose transaction has committed; counted as a sign-in (or sign-up)
    /// by `method`, or as a refresh when there is none.
    func signedIn(_ user: UserRecord, _ opened: OpenedSession, isNewUser: Bool, method: SignInMethod?) async throws
        -> AuthSession
    {
        let session = opened.session
        if let method {
            context.metrics.signedIn(method, isNew: isNewUser)
            context.audit.record(.signedIn, user: user.id, session: session.id, reason: method.rawValue)
        } else {
            context.metrics.refreshed()
        }
        let accessToken = try await tokens.issue(
            userID: user.id, sessionID: session.id, entitlements: opened.entitlements, now: context.clock.now)
        return AuthSession(
            accessToken: accessToken, refreshToken: opened.refreshToken, expiresIn: Int(tokens.lifetime),
            user: user, isNewUser: isNewUser, sessionID: session.id)
    }

    /// Opens a session in its own transaction and signs the user in.
    func signIn(_ user: UserRecord, meta: RequestMeta, isNewUser: Bool, method: SignInMethod) async throws
        -> AuthSession
    {
        let opened = try await storage.transaction { (store: any Store) in
            try await openSession(for: user, meta: meta, in: store)
        }
        return try await signedIn(user, opened, isNewUser: isNewUser, method: method)
    }
}

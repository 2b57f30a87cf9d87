import Crypto
import DoorstepFlow
import Foundation

extension SessionService {
    /// Exchanges a refresh token for a new access token and its successor. A token that was already
    /// exchanged ends the session (`refresh_token_reused`), unless it comes back within the grace
    /// window, when it gets the very same successor again — a phone that lost the first answer on a
    /// flaky network is not signed out.
    public func refresh(refreshToken token: String) async throws -> AuthSession {
        guard !token.isEmpty, token.utf8.count <= 128 else { throw ServiceError.unauthenticated }
        let now = context.clock.now
        if let rotated = try await rotatedInOneStep(token, at: now) { return rotated }
        let outcome = try await storage.transaction { (store: any Store) -> RefreshOutcome in
            guard let found = try await store.refreshTokenSessionAndUser(hash: Digests.sha256Hex(token)) else {
                return .unknown
            }
            var (record, session) = (found.0, found.1)
            let user = found.2
            guard session.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime) else { return .ended }
            let successor = successorToken(of: token)
            if let rotatedAt = record.rotatedAt {
                let successorRecord = try await store.refreshToken(hash: Digests.sha256Hex(successor))
                if now.timeIntervalSince(rotatedAt) <= policy.refreshReuseGrace, successorRecord?.rotatedAt == nil {
                    return .rotated(
                        user,
                        OpenedSession(
                            session: session, refreshToken: successor,
                            entitlements: try await SessionIssuer.entitlementProducts(of: user.id, at: now, in: store)))
                }
                try await context.credentials.revoke(sessionID: session.id, at: now, in: store)
                return .reused(session)
            }
            record.rotatedAt = now
            try await store.updateRefreshToken(record)
            try await store.insertRefreshToken(
                RefreshTokenRecord(hash: Digests.sha256Hex(successor), sessionID: session.id, createdAt: now))
            session.lastUsedAt = now
            session.expiresAt = now.addingTimeInterval(policy.idleSessionLifetime)
            try await store.updateSession(session)
            let entitlements = try await SessionIssuer.entitlementProducts(of: user.id, at: now, in: store)
            return .rotated(user, OpenedSession(session: session, refreshToken: successor, entitlements: entitlements))
        }
        switch outcome {
        case .unknown: throw ServiceError.unauthenticated
        case .ended: throw ServiceError.sessionRevoked
        case .reused(let session):
            context.logger.warning("a rotated refresh token was reused; the session was ended")
            context.audit.record(.refreshTokenReused, user: session.userID, session: session.id)
            context.metrics.refreshTokenReused()
            throw ServiceError.refreshTokenReused
        case .rotated(let user, let opened):
            return try await issuer.signedIn(user, opened, isNewUser: false, method: nil)
        }
    }

    /// The common refresh — the session's current token, the session active — as the database's single
    /// step, where it has one; `nil` leaves every other case to the transaction.
    private func rotatedInOneStep(_ token: String, at now: Date) async throws -> AuthSession? {
        guard storage.rotatesRefreshTokensInOneStep else { return nil }
        let successor = successorToken(of: token)
        let rotation = RefreshRotation(
            tokenHash: Digests.sha256Hex(token), successorHash: Digests.sha256Hex(successor), now: now,
            idleLifetime: policy.idleSessionLifetime, absoluteLifetime: policy.absoluteSessionLifetime)
        guard let rotated = try await storage.rotateRefreshToken(rotation) else { return nil }
        let entitlements = SessionIssuer.productIDs(
            of: EntitlementRecord.active(in: rotated.entitlements, of: rotated.user.id, at: now))
        return try await issuer.signedIn(
            rotated.user, OpenedSession(session: rotated.session, refreshToken: successor, entitlements: entitlements),
            isNewUser: false, method: nil)
    }

    /// The token that replaces `token`: derived from it under the server's key, so that a retry
    /// within the grace window gets the same one without it ever being stored in the clear.
    func successorToken(of token: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("refresh\u{1F}\(token)".utf8), using: codeKey)
        return Data(mac).base64URLEncoded
    }

    enum RefreshOutcome: Sendable {
        case unknown
        case ended
        case reused(SessionRecord)
        case rotated(UserRecord, OpenedSession)
    }
}

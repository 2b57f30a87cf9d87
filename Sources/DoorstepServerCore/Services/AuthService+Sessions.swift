import Crypto
import Foundation

extension AuthService {
    /// The caller a bearer token names, if its session is still active: a forged or foreign token is
    /// `unauthenticated`, an expired one `token_expired`, one of an ended session `session_revoked`.
    public func authenticate(bearer token: String) async throws -> Caller {
        try await activeCaller(try await tokens.verify(token, now: clock.now))
    }

    /// The caller, if its session is still active (`session_revoked` otherwise); marks the session used.
    /// The web funnel, which keeps a caller for a browser rather than a token, asks this on every request.
    public func activeCaller(_ caller: Caller) async throws -> Caller {
        _ = try await activeUser(caller)
        return caller
    }

    /// The account a bearer token signs in, if its session is still active: `GET /v1/me` in one read.
    public func signedInUser(bearer token: String) async throws -> UserRecord {
        try await activeUser(try await tokens.verify(token, now: clock.now))
    }

    /// The caller's account, read with its session in one go; ends in `session_revoked` when the
    /// session has ended or the account is gone, and marks the session used.
    public func activeUser(_ caller: Caller) async throws -> UserRecord {
        let now = clock.now
        let resolution = policy.lastUsedResolution
        let (state, user) = try await storage.read { store -> (SessionUse, UserRecord?) in
            guard let (session, user) = try await store.sessionAndUser(sessionID: caller.sessionID),
                session.userID == caller.userID,
                session.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime)
            else { return (.ended, nil) }
            return (now.timeIntervalSince(session.lastUsedAt) >= resolution ? .stale : .fresh, user)
        }
        guard let user, state != .ended else { throw ServiceError.sessionRevoked }
        if state == .stale {
            // Only now and then does a request write: when it last marked the session used.
            try await storage.transaction { store in
                guard var session = try await store.session(id: caller.sessionID),
                    session.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime)
                else {
                    return
                }
                session.lastUsedAt = now
                try await store.updateSession(session)
            }
        }
        return user
    }

    private enum SessionUse: Sendable {
        case ended, stale, fresh
    }

    /// Exchanges a refresh token for a new access token and its successor. A token that was already
    /// exchanged ends the session (`refresh_token_reused`), unless it comes back within the grace
    /// window, when it gets the very same successor again — a phone that lost the first answer on a
    /// flaky network is not signed out.
    public func refresh(refreshToken token: String) async throws -> AuthSession {
        guard !token.isEmpty, token.utf8.count <= 128 else { throw ServiceError.unauthenticated }
        let now = clock.now
        let outcome = try await storage.transaction { store -> RefreshOutcome in
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
                            entitlements: try await Self.entitlementProducts(of: user.id, at: now, in: store)))
                }
                try await revoke(sessionID: session.id, at: now, in: store)
                return .reused(session)
            }
            record.rotatedAt = now
            try await store.updateRefreshToken(record)
            try await store.insertRefreshToken(
                RefreshTokenRecord(hash: Digests.sha256Hex(successor), sessionID: session.id, createdAt: now))
            session.lastUsedAt = now
            session.expiresAt = now.addingTimeInterval(policy.idleSessionLifetime)
            try await store.updateSession(session)
            let entitlements = try await Self.entitlementProducts(of: user.id, at: now, in: store)
            return .rotated(user, OpenedSession(session: session, refreshToken: successor, entitlements: entitlements))
        }
        switch outcome {
        case .unknown: throw ServiceError.unauthenticated
        case .ended: throw ServiceError.sessionRevoked
        case .reused(let session):
            logger.warning("a rotated refresh token was reused; the session was ended")
            audit.record(.refreshTokenReused, user: session.userID, session: session.id)
            metrics.refreshTokenReused()
            throw ServiceError.refreshTokenReused
        case .rotated(let user, let opened):
            return try await signedIn(user, opened, isNewUser: false, method: nil)
        }
    }

    /// Ends the caller's session; its access and refresh tokens stop working.
    public func logOut(_ caller: Caller) async throws {
        try await storage.transaction { store in
            try await revoke(sessionID: caller.sessionID, at: clock.now, in: store)
        }
        audit.record(.sessionRevoked, user: caller.userID, session: caller.sessionID, reason: "log_out")
    }

    /// The caller's active sessions, newest first.
    public func sessions(_ caller: Caller) async throws -> [SessionSummary] {
        let now = clock.now
        return try await storage.transaction { store in
            try await store.sessions(userID: caller.userID).filter {
                $0.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime)
            }.map { session in
                SessionSummary(
                    id: session.id, createdAt: session.createdAt, lastUsedAt: session.lastUsedAt,
                    userAgent: session.userAgent, deviceName: session.deviceName, deviceModel: session.deviceModel,
                    isCurrent: session.id == caller.sessionID)
            }
        }
    }

    /// Ends one of the caller's sessions; another user's session is `not_found`.
    public func revokeSession(id raw: String, caller: Caller) async throws {
        guard let id = UUID(text: raw) else { throw ServiceError.notFound }
        try await storage.transaction { store in
            guard let session = try await store.session(id: id), session.userID == caller.userID,
                session.revokedAt == nil
            else { throw ServiceError.notFound }
            try await revoke(sessionID: session.id, at: clock.now, in: store)
        }
        audit.record(.sessionRevoked, user: caller.userID, session: id, reason: "revoked_by_owner")
    }

    /// Ends every session of the caller's account but the caller's own; returns how many ended.
    @discardableResult
    public func revokeOtherSessions(_ caller: Caller) async throws -> Int {
        let now = clock.now
        let ended = try await storage.transaction { store in
            guard let user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            let (_, ended) = try await credentials.end(
                CredentialKind.signIns, of: user, except: caller.sessionID, at: now, in: store)
            return ended.counts[.sessions] ?? 0
        }
        audit.record(.otherSessionsRevoked, user: caller.userID, session: caller.sessionID, reason: "count=\(ended)")
        return ended
    }

    func revoke(sessionID: UUID, at now: Date, in store: any StorageTransaction) async throws {
        try await credentials.revoke(sessionID: sessionID, at: now, in: store)
    }

    /// The token that replaces `token`: derived from it under the server's key, so that a retry
    /// within the grace window gets the same one without it ever being stored in the clear.
    func successorToken(of token: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("refresh\u{1F}\(token)".utf8), using: keys.codeKey)
        return Data(mac).base64URLEncoded
    }

    enum RefreshOutcome: Sendable {
        case unknown
        case ended
        case reused(SessionRecord)
        case rotated(UserRecord, OpenedSession)
    }
}

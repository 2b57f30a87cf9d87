import Crypto
import DoorstepFlow
import Foundation

/// Signed-in sessions: who a bearer token is, marking sessions used, listing and ending them, and
/// exchanging refresh tokens.
public struct SessionService: Sendable {
    let storage: any Storage
    let tokens: AccessTokens
    let policy: AuthPolicy
    /// Mints the access token a refresh returns.
    let issuer: SessionIssuer
    /// The server's key, from which each refresh token's successor is derived.
    let codeKey: SymmetricKey
    let context: ServiceContext
    /// Sessions' last use, written after the requests that used them.
    public let marks: SessionUseMarks

    /// The repositories reading and ending sessions touches.
    typealias Store = UserRepository & SessionIssuer.Store & AccountCredentials.Store

    /// The caller a bearer token names, if its session is still active: a forged or foreign token is
    /// `unauthenticated`, an expired one `token_expired`, one of an ended session `session_revoked`.
    public func authenticate(bearer token: String) async throws -> Caller {
        try await activeCaller(try await tokens.verify(token, now: context.clock.now))
    }

    /// The caller, if its session is still active (`session_revoked` otherwise); notes the session used.
    /// The web funnel, which keeps a caller for a browser rather than a token, asks this on every request.
    public func activeCaller(_ caller: Caller) async throws -> Caller {
        _ = try await activeUser(caller)
        return caller
    }

    /// The account a bearer token signs in, if its session is still active: `GET /v1/me` in one read.
    public func signedInUser(bearer token: String) async throws -> UserRecord {
        try await activeUser(try await tokens.verify(token, now: context.clock.now))
    }

    /// The caller's account, read with its session in one go; ends in `session_revoked` when the
    /// session has ended or the account is gone, and notes the session used (see ``SessionUseMarks``).
    public func activeUser(_ caller: Caller) async throws -> UserRecord {
        let now = context.clock.now
        guard let (session, user) = try await storage.readSessionAndUser(sessionID: caller.sessionID),
            session.userID == caller.userID,
            session.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime)
        else { throw ServiceError.sessionRevoked }
        // Only now and then is the session's last use written, and never while the request waits.
        if now.timeIntervalSince(session.lastUsedAt) >= policy.lastUsedResolution {
            marks.note(caller.sessionID, usedAt: now)
        }
        return user
    }

    /// Ends the caller's session; its access and refresh tokens stop working.
    public func logOut(_ caller: Caller) async throws {
        try await storage.transaction { (store: any Store) in
            try await context.credentials.revoke(sessionID: caller.sessionID, at: context.clock.now, in: store)
        }
        context.audit.record(.sessionRevoked, user: caller.userID, session: caller.sessionID, reason: "log_out")
    }

    /// The caller's active sessions, newest first.
    public func sessions(_ caller: Caller) async throws -> [SessionSummary] {
        let now = context.clock.now
        await marks.write()
        return try await storage.transaction { (store: any Store) in
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
        try await storage.transaction { (store: any Store) in
            guard let session = try await store.session(id: id), session.userID == caller.userID,
                session.revokedAt == nil
            else { throw ServiceError.notFound }
            try await context.credentials.revoke(sessionID: session.id, at: context.clock.now, in: store)
        }
        context.audit.record(.sessionRevoked, user: caller.userID, session: id, reason: "revoked_by_owner")
    }

    /// Ends every session of the caller's account but the caller's own; returns how many ended.
    @discardableResult
    public func revokeOtherSessions(_ caller: Caller) async throws -> Int {
        let now = context.clock.now
        let ended = try await storage.transaction { (store: any Store) in
            guard let user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            let (_, ended) = try await context.credentials.end(
                CredentialKind.signIns, of: user, except: caller.sessionID, at: now, in: store)
            return ended.counts[.sessions] ?? 0
        }
        context.audit.record(
            .otherSessionsRevoked, user: caller.userID, session: caller.sessionID, reason: "count=\(ended)")
        return ended
    }
}

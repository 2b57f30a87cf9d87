import Foundation

/// A refresh token's exchange for its successor, as ``Storage/rotateRefreshToken(_:)`` carries it
/// out: the token is marked exchanged, its successor stored, and the session's times moved on, all
/// or nothing.
public struct RefreshRotation: Sendable, Hashable {
    /// SHA-256 of the token presented, hex.
    public var tokenHash: String
    /// SHA-256 of the token that replaces it, hex.
    public var successorHash: String
    /// The moment of the exchange: the token's `rotatedAt`, the successor's `createdAt`, the
    /// session's `lastUsedAt`.
    public var now: Date
    /// The session's new idle expiry.
    public var sessionExpiresAt: Date
    /// Sessions created at or before this moment have outlived their absolute lifetime.
    public var sessionsCreatedAfter: Date

    /// Describes an exchange at `now` for a session that stays active `idleLifetime` after it and
    /// ends `absoluteLifetime` after its creation however often it is used.
    public init(
        tokenHash: String, successorHash: String, now: Date, idleLifetime: TimeInterval,
        absoluteLifetime: TimeInterval
    ) {
        self.tokenHash = tokenHash
        self.successorHash = successorHash
        self.now = now
        self.sessionExpiresAt = now.addingTimeInterval(idleLifetime)
        self.sessionsCreatedAfter = now.addingTimeInterval(-absoluteLifetime)
    }
}

/// What ``Storage/rotateRefreshToken(_:)`` read in the step that exchanged the token: everything the
/// new access token is minted from.
public struct RotatedSession: Sendable, Hashable {
    /// The session as the exchange left it.
    public var session: SessionRecord
    /// Its account.
    public var user: UserRecord
    /// The account's entitlements and those its families share, active or not, as
    /// ``EntitlementRepository/entitlements(sharedWith:groupKind:)`` reads them.
    public var entitlements: [EntitlementRecord]

    /// Gathers what the exchange read.
    public init(session: SessionRecord, user: UserRecord, entitlements: [EntitlementRecord]) {
        self.session = session
        self.user = user
        self.entitlements = entitlements
    }
}

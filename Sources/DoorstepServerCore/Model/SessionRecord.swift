import Foundation

/// A signed-in device: what access tokens name in their `sid` claim.
public struct SessionRecord: Sendable, Hashable, Codable {
    public var id: UUID
    public var userID: UUID
    public var createdAt: Date
    public var lastUsedAt: Date
    /// When the newest refresh token stops working.
    public var expiresAt: Date
    /// When the session was ended (logout, reset, reuse of a rotated token); nil while active.
    public var revokedAt: Date?
    public var userAgent: String?
    /// The device's name as the app sent it at sign-in (`X-Doorstep-Device`), if it did.
    public var deviceName: String?
    /// The device's model as the app sent it at sign-in, if it did.
    public var deviceModel: String?
    /// When the person last proved who they are in this session: its sign-in, or a re-authentication.
    /// Changes that need a recent sign-in (deleting the account, adding a passkey, setting a password)
    /// read it.
    public var authenticatedAt: Date

    /// Creates a session.
    public init(id: UUID, userID: UUID, createdAt: Date, expiresAt: Date, userAgent: String?) {
        self.id = id
        self.userID = userID
        self.createdAt = createdAt
        self.authenticatedAt = createdAt
        self.lastUsedAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = nil
        self.userAgent = userAgent
    }

    /// Whether the session still works at `now`: not ended, used within its idle lifetime (which each
    /// refresh extends), and younger than `absoluteLifetime` however often it was used.
    public func isActive(at now: Date, absoluteLifetime: TimeInterval) -> Bool {
        revokedAt == nil && expiresAt > now && now.timeIntervalSince(createdAt) < absoluteLifetime
    }
}

/// One refresh token of a session, kept only as a hash. A session has one current token; every
/// rotated one is kept so that its reuse can be recognised.
public struct RefreshTokenRecord: Sendable, Hashable, Codable {
    /// SHA-256 of the token, hex.
    public var hash: String
    public var sessionID: UUID
    public var createdAt: Date
    /// When it was exchanged for its successor; nil while it is the session's current token.
    public var rotatedAt: Date?

    /// Creates a refresh token record.
    public init(hash: String, sessionID: UUID, createdAt: Date, rotatedAt: Date? = nil) {
        self.hash = hash
        self.sessionID = sessionID
        self.createdAt = createdAt
        self.rotatedAt = rotatedAt
    }
}

import Foundation

/// A passkey registered to an account.
public struct PasskeyRecord: Sendable, Hashable {
    /// The credential id, base64url.
    public var id: String
    /// The account it signs in to.
    public var userID: UUID
    /// The COSE public key, base64url.
    public var publicKey: String
    /// The signature counter from its last use (0 when the authenticator keeps none).
    public var signCount: UInt32
    /// Whether it can be synced (a passkey in iCloud Keychain or Google Password Manager).
    public var backupEligible: Bool
    /// Whether it was backed up at its last use.
    public var backedUp: Bool
    /// A name the person can tell it by.
    public var name: String
    /// When it was registered.
    public var createdAt: Date
    /// When it last signed in.
    public var lastUsedAt: Date?

    /// Creates a record.
    public init(
        id: String, userID: UUID, publicKey: String, signCount: UInt32, backupEligible: Bool, backedUp: Bool,
        name: String, createdAt: Date, lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.userID = userID
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// A challenge the server issued for one ceremony: used once, within five minutes.
public struct PasskeyChallengeRecord: Sendable, Hashable {
    /// Registration or authentication.
    public enum Ceremony: String, Sendable, Hashable {
        case registration, authentication
    }

    /// SHA-256 of the challenge, hex: the challenge itself is not kept.
    public var hash: String
    /// The ceremony it was issued for.
    public var ceremony: Ceremony
    /// For a registration, the account adding the passkey.
    public var userID: UUID?
    /// When it stops being accepted.
    public var expiresAt: Date

    /// Creates a record.
    public init(hash: String, ceremony: Ceremony, userID: UUID?, expiresAt: Date) {
        self.hash = hash
        self.ceremony = ceremony
        self.userID = userID
        self.expiresAt = expiresAt
    }
}

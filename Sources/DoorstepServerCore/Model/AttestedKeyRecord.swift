import Foundation

/// A key App Attest vouched for: an install of the app, not an account.
public struct AttestedKeyRecord: Sendable, Hashable {
    /// The key id (SHA-256 of the public key), base64url.
    public var id: String
    /// The app (`TEAMID.bundle.id`) it was attested for.
    public var appID: String
    /// The public point, uncompressed (X9.63), base64url.
    public var publicKey: String
    /// The counter of its last assertion (0 until the first).
    public var counter: UInt32
    /// Apple's receipt, base64url, to ask Apple later for the device's fraud metric.
    public var receipt: String?
    /// The environment it was attested in.
    public var environment: String
    /// When it was attested.
    public var createdAt: Date
    /// When an assertion last passed.
    public var lastUsedAt: Date?

    /// Creates a record.
    public init(
        id: String, appID: String, publicKey: String, counter: UInt32, receipt: String?, environment: String,
        createdAt: Date, lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.appID = appID
        self.publicKey = publicKey
        self.counter = counter
        self.receipt = receipt
        self.environment = environment
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// An App Attest challenge the server issued: answered once, by an attestation or an assertion,
/// before it expires.
public struct AttestationChallengeRecord: Sendable, Hashable {
    /// SHA-256 of the challenge, hex: the challenge itself is not kept.
    public var hash: String
    /// When it stops being accepted.
    public var expiresAt: Date

    /// Creates a record.
    public init(hash: String, expiresAt: Date) {
        self.hash = hash
        self.expiresAt = expiresAt
    }
}

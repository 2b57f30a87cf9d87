import Crypto
import Foundation
import JWTKit

/// An ES256 key access tokens are signed with, named by the `kid` tokens carry.
public struct SigningKey: Sendable {
    public let id: String
    public let privateKey: ES256PrivateKey
    /// When it was made; it signs once it has been published for a while (``KeyRotationPolicy``).
    public let createdAt: Date

    /// Creates a key from its parts.
    public init(id: String, privateKey: ES256PrivateKey, createdAt: Date) {
        self.id = id
        self.privateKey = privateKey
        self.createdAt = createdAt
    }

    /// A fresh key made at `now`.
    public static func generate(at now: Date, random: any RandomSource = SecureRandomSource()) throws -> SigningKey {
        SigningKey(
            id: Data(random.bytes(9)).base64URLEncoded,
            privateKey: try ES256PrivateKey(backing: P256.Signing.PrivateKey()),
            createdAt: now)
    }

    /// The public half, as a JSON Web Key's parts.
    public var publicKey: AccessTokens.PublicKey? {
        privateKey.parameters.map { AccessTokens.PublicKey(keyID: id, x: $0.x, y: $0.y) }
    }
}

/// The server's secrets: the keys access tokens are signed with, and the key codes are hashed with
/// (refresh-token successors and sealed mail derive from it too). They live in the store, so that
/// every instance shares them and a restart keeps every session valid.
public struct ServerKeys: Sendable {
    /// Every signing key still verifying tokens, oldest first; never empty.
    public let signingKeys: [SigningKey]
    /// Keys the hashes of one-time codes.
    public let codeKey: SymmetricKey
    /// The parameters of the Firebase project whose users were imported, to check their passwords
    /// until each first sign-in replaces its hash; nil when none were imported.
    public var firebaseScrypt: FirebaseScrypt?

    /// Creates keys from their parts.
    public init(signingKeys: [SigningKey], codeKey: SymmetricKey) {
        precondition(!signingKeys.isEmpty, "a server needs a signing key")
        self.signingKeys = signingKeys
        self.codeKey = codeKey
    }

    /// Fresh keys from a secure source, the signing key dated long ago so that it signs at once.
    public static func generate(random: some RandomSource = SecureRandomSource()) throws -> ServerKeys {
        ServerKeys(
            signingKeys: [try SigningKey.generate(at: Date(timeIntervalSince1970: 0), random: random)],
            codeKey: SymmetricKey(data: random.bytes(32)))
    }

    /// Keys read from the file earlier releases kept beside the SQLite database, to be moved into the
    /// store so that sessions survive the upgrade.
    public init(keyFile data: Data) throws {
        let stored = try JSONDecoder().decode(KeyFile.self, from: data)
        guard let codeKey = Data(base64Encoded: stored.codeKey), codeKey.count >= 32 else {
            throw KeyStoreError.malformed("the key file")
        }
        let signingKey = SigningKey(
            id: stored.keyID, privateKey: try ES256PrivateKey(pem: stored.signingKey),
            createdAt: Date(timeIntervalSince1970: 0))
        self.init(signingKeys: [signingKey], codeKey: SymmetricKey(data: codeKey))
    }

    private struct KeyFile: Codable {
        var signingKey: String
        var codeKey: String
        var keyID: String
    }
}

/// When a new signing key starts signing, and when an old one may go.
public struct KeyRotationPolicy: Sendable {
    /// How long a new key is published before it signs: as long as app backends may cache the key
    /// set (`/.well-known/jwks.json` says five minutes), so none meets a `kid` it has not seen.
    public var publicationDelay: TimeInterval = 300
    /// How long access tokens live: a key that stopped signing verifies for this long after.
    public var tokenLifetime: TimeInterval = 15 * 60
    /// Slack for clocks that disagree between instances.
    public var clockSkew: TimeInterval = 60

    /// The defaults.
    public init() {}

    /// The key that signs at `now`: the newest published for ``publicationDelay``, else the oldest.
    public func signingKey(of keys: [SigningKey], at now: Date) -> SigningKey {
        keys.last { $0.createdAt.addingTimeInterval(publicationDelay) <= now } ?? keys[0]
    }

    /// The keys no unexpired token can have been signed with: older than the key that signs now, once
    /// that one has signed for a token's lifetime.
    public func retirable(_ keys: [SigningKey], at now: Date) -> [SigningKey] {
        guard !keys.isEmpty else { return [] }
        let current = signingKey(of: keys, at: now)
        let since = current.createdAt.addingTimeInterval(publicationDelay + tokenLifetime + clockSkew)
        guard since <= now else { return [] }
        return keys.filter { $0.createdAt < current.createdAt }
    }
}

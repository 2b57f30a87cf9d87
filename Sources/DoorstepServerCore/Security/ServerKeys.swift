import Crypto
import Foundation
import JWTKit

/// The server's secrets: the key access tokens are signed with, the key codes are hashed with, and
/// the key refresh tokens are derived with. Generated once and kept beside the database, so that a
/// restart keeps every session valid.
public struct ServerKeys: Sendable {
    /// Signs and verifies access tokens (ES256).
    public let signingKey: ES256PrivateKey
    /// Keys the hashes of one-time codes.
    public let codeKey: SymmetricKey
    /// An identifier of the signing key, sent as the tokens' `kid`.
    public let keyID: String

    /// Creates keys from their parts.
    public init(signingKey: ES256PrivateKey, codeKey: SymmetricKey, keyID: String) {
        self.signingKey = signingKey
        self.codeKey = codeKey
        self.keyID = keyID
    }

    /// Fresh keys from a secure source.
    public static func generate(random: some RandomSource = SecureRandomSource()) throws -> ServerKeys {
        let signingKey = try ES256PrivateKey(backing: P256.Signing.PrivateKey())
        return ServerKeys(
            signingKey: signingKey, codeKey: SymmetricKey(data: random.bytes(32)),
            keyID: Data(random.bytes(9)).base64URLEncoded)
    }

    /// The keys as a JSON document, for a file only the server can read.
    public func serialized() throws -> Data {
        let stored = Stored(
            signingKey: signingKey.pemRepresentation,
            codeKey: codeKey.withUnsafeBytes { Data($0).base64EncodedString() }, keyID: keyID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(stored)
    }

    /// Keys read back from ``serialized()``.
    public init(serialized data: Data) throws {
        let stored = try JSONDecoder().decode(Stored.self, from: data)
        guard let codeKey = Data(base64Encoded: stored.codeKey), codeKey.count >= 32 else {
            throw KeyFileError.malformed
        }
        self.init(
            signingKey: try ES256PrivateKey(pem: stored.signingKey), codeKey: SymmetricKey(data: codeKey),
            keyID: stored.keyID)
    }

    /// Reads the key file at `url`, creating it (readable by its owner only) when it does not exist.
    public static func loadOrCreate(at url: URL, random: some RandomSource = SecureRandomSource()) throws -> ServerKeys
    {
        if let data = FileManager.default.contents(atPath: url.path) {
            return try ServerKeys(serialized: data)
        }
        let keys = try generate(random: random)
        let data = try keys.serialized()
        let created = FileManager.default.createFile(
            atPath: url.path, contents: data,
            attributes: [.posixPermissions: 0o600])
        guard created else { throw KeyFileError.cannotWrite(url.path) }
        return keys
    }

    private struct Stored: Codable {
        var signingKey: String
        var codeKey: String
        var keyID: String
    }

    /// Why a key file could not be used.
    public enum KeyFileError: Error, CustomStringConvertible {
        case malformed
        case cannotWrite(String)

        public var description: String {
            switch self {
            case .malformed: return "the key file is not a Doorstep key file"
            case .cannotWrite(let path): return "cannot write the key file \(path)"
            }
        }
    }
}

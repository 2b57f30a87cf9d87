import Crypto
import Foundation

/// A credential's public key as COSE (RFC 9052/9053) encodes it in authenticator data: ES256 on
/// P-256, or EdDSA on Ed25519.
public enum COSEKey: Sendable, Hashable {
    case es256(P256.Signing.PublicKey)
    case ed25519(Curve25519.Signing.PublicKey)

    /// COSE algorithm identifiers Doorstep offers, most preferred first.
    public static let supportedAlgorithms = [-7, -8]

    /// Reads a COSE key map; refuses algorithms and curves Doorstep does not verify.
    public init(_ cbor: CBOR) throws(PasskeyError) {
        guard let keyType = cbor[int: 1]?.integer, let algorithm = cbor[int: 3]?.integer else {
            throw .malformed("the credential public key has no key type or algorithm")
        }
        switch (keyType, algorithm) {
        case (2, -7):
            guard cbor[int: -1]?.integer == 1, let x = cbor[int: -2]?.bytes, let y = cbor[int: -3]?.bytes,
                x.count == 32, y.count == 32,
                let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y)
            else { throw .malformed("the ES256 public key is not a P-256 point") }
            self = .es256(key)
        case (1, -8):
            guard cbor[int: -1]?.integer == 6, let x = cbor[int: -2]?.bytes, x.count == 32,
                let key = try? Curve25519.Signing.PublicKey(rawRepresentation: x)
            else { throw .malformed("the EdDSA public key is not an Ed25519 key") }
            self = .ed25519(key)
        default:
            throw .unsupportedAlgorithm(algorithm)
        }
    }

    /// The COSE algorithm identifier.
    public var algorithm: Int {
        switch self {
        case .es256: return -7
        case .ed25519: return -8
        }
    }

    /// The key as COSE CBOR, as it is stored.
    public var cbor: CBOR {
        switch self {
        case .es256(let key):
            let point = Array(key.x963Representation)
            return .map([
                CBORPair(key: .unsigned(1), value: .unsigned(2)), CBORPair(key: .unsigned(3), value: .negative(6)),
                CBORPair(key: .negative(0), value: .unsigned(1)),
                CBORPair(key: .negative(1), value: .bytes(Array(point[1..<33]))),
                CBORPair(key: .negative(2), value: .bytes(Array(point[33..<65]))),
            ])
        case .ed25519(let key):
            return .map([
                CBORPair(key: .unsigned(1), value: .unsigned(1)), CBORPair(key: .unsigned(3), value: .negative(7)),
                CBORPair(key: .negative(0), value: .unsigned(6)),
                CBORPair(key: .negative(1), value: .bytes(Array(key.rawRepresentation))),
            ])
        }
    }

    /// The public key's bytes, which identify it.
    var publicBytes: [UInt8] {
        switch self {
        case .es256(let key): return Array(key.x963Representation)
        case .ed25519(let key): return Array(key.rawRepresentation)
        }
    }

    public static func == (lhs: COSEKey, rhs: COSEKey) -> Bool {
        lhs.algorithm == rhs.algorithm && lhs.publicBytes == rhs.publicBytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(algorithm)
        hasher.combine(publicBytes)
    }

    /// Whether `signature` (DER for ES256, raw for EdDSA) signs `data`.
    public func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch self {
        case .es256(let key):
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: data)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: data)
        }
    }
}

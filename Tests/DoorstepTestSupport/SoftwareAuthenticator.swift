import Crypto
import DoorstepServerCore
import Foundation

/// A passkey authenticator in software, for tests: P-256 keys from swift-crypto, `none` or `packed`
/// self attestation, a signature counter, and every flag and field under the test's control so a
/// test can also forge what a hostile client would send.
public struct SoftwareAuthenticator: Sendable {
    /// What the authenticator says about the person.
    public var userPresent = true
    public var userVerified = true
    public var backupEligible = true
    public var backedUp = true
    /// The attestation format it produces: `none` or `packed` (self attestation).
    public var attestationFormat = "none"
    /// The counter sent with the next assertion (0: the authenticator keeps none, like iCloud Keychain).
    public var signCount: UInt32 = 0

    public let key: P256.Signing.PrivateKey
    public let credentialID: [UInt8]

    /// A new authenticator holding one credential.
    public init(credentialID: [UInt8] = Array(UUID().uuidString.utf8)) {
        self.key = P256.Signing.PrivateKey()
        self.credentialID = credentialID
    }

    /// The client data a browser at `origin` would sign.
    public static func clientDataJSON(
        type: String, challenge: [UInt8], origin: String, crossOrigin: Bool = false
    ) -> [UInt8] {
        let json =
            "{\"type\":\"\(type)\",\"challenge\":\"\(Base64URL.encode(challenge))\",\"origin\":\"\(origin)\""
            + (crossOrigin ? ",\"crossOrigin\":true}" : ",\"crossOrigin\":false}")
        return Array(json.utf8)
    }

    func flags(attested: Bool) -> UInt8 {
        var flags: UInt8 = 0
        if userPresent { flags |= 0x01 }
        if userVerified { flags |= 0x04 }
        if backupEligible { flags |= 0x08 }
        if backedUp { flags |= 0x10 }
        if attested { flags |= 0x40 }
        return flags
    }

    /// Authenticator data for `rpID`, with the credential when `attested`.
    public func authenticatorData(rpID: String, attested: Bool) -> [UInt8] {
        var data = Array(SHA256.hash(data: Array(rpID.utf8)))
        data.append(flags(attested: attested))
        data += [24, 16, 8, 0].map { UInt8((signCount >> UInt32($0)) & 0xFF) }
        if attested {
            data += [UInt8](repeating: 0, count: 16)
            data += [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)]
            data += credentialID
            data += CBOREncoder.encode(COSEKey.es256(key.publicKey).cbor)
        }
        return data
    }

    /// A registration: `clientDataJSON` and `attestationObject`.
    public func register(challenge: [UInt8], rpID: String, origin: String) -> (
        clientDataJSON: [UInt8], attestationObject: [UInt8]
    ) {
        let clientData = Self.clientDataJSON(type: "webauthn.create", challenge: challenge, origin: origin)
        let authData = authenticatorData(rpID: rpID, attested: true)
        var statement: CBOR = .map([])
        if attestationFormat == "packed" {
            let signature = try! key.signature(for: authData + Array(SHA256.hash(data: clientData)))
            statement = .map([
                CBORPair(key: .text("alg"), value: .negative(6)),
                CBORPair(key: .text("sig"), value: .bytes(Array(signature.derRepresentation))),
            ])
        }
        let object = CBOR.map([
            CBORPair(key: .text("fmt"), value: .text(attestationFormat)),
            CBORPair(key: .text("attStmt"), value: statement),
            CBORPair(key: .text("authData"), value: .bytes(authData)),
        ])
        return (clientData, CBOREncoder.encode(object))
    }

    /// An assertion: `clientDataJSON`, `authenticatorData` and the signature over both.
    public func assert(challenge: [UInt8], rpID: String, origin: String) -> (
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]
    ) {
        let clientData = Self.clientDataJSON(type: "webauthn.get", challenge: challenge, origin: origin)
        let authData = authenticatorData(rpID: rpID, attested: false)
        let signature = try! key.signature(for: authData + Array(SHA256.hash(data: clientData)))
        return (clientData, authData, Array(signature.derRepresentation))
    }
}

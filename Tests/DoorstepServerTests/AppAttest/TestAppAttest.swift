import Crypto
import DoorstepServerCore
import Foundation
import SwiftASN1
import X509

/// Apple's App Attest service played by the test: a root and an intermediate made here, which
/// certify a device's key with the nonce extension, in attestation objects built as Apple builds them.
struct TestAppAttest {
    static let appID = "ABCDE12345.com.example.app"
    static let validFrom = Date(timeIntervalSince1970: 1_700_000_000)
    static let validUntil = Date(timeIntervalSince1970: 2_000_000_000)

    let root: TestAppStore.Authority
    let intermediate: TestAppStore.Authority

    init() throws {
        root = try TestAppStore.authority(named: "Test App Attestation Root CA", issuer: nil, isCA: true, marker: nil)
        intermediate = try TestAppStore.authority(
            named: "Test App Attestation CA 1", issuer: root, isCA: true, marker: nil)
    }

    /// The root's DER, for a verifier that trusts this service.
    var rootDER: Data { Data(try! TestAppStore.der(root.certificate)) }

    /// A verifier of `environment` that trusts this service, for `appIDs`.
    func verifier(
        appIDs: [String] = [Self.appID], environment: AppAttestEnvironment = .production
    ) throws -> AppAttestVerifier {
        try AppAttestVerifier(appIDs: appIDs, environment: environment, rootCertificates: [rootDER])
    }

    /// An attestation object of `device`'s key over `clientDataHash`; each argument after it plays one
    /// forgery or mistake.
    func attestation(
        of device: AttestingDevice, clientDataHash: [UInt8], appID: String = Self.appID,
        environment: AppAttestEnvironment = .production, counter: UInt32 = 0, credentialID: [UInt8]? = nil,
        nonce: [UInt8]? = nil
    ) throws -> [UInt8] {
        let authData =
            Self.hash(appID) + [0x40] + Self.bigEndian(counter) + environment.aaguid + [0x00, 0x20]
            + (credentialID ?? device.keyID) + CBOREncoder.encode(COSEKey.es256(device.key.publicKey).cbor)
        let signed = nonce ?? Self.hash(authData + clientDataHash)
        let leaf = try certificate(for: device.key.publicKey, nonce: signed)
        return CBOREncoder.encode(
            .map([
                CBORPair(key: .text("fmt"), value: .text("apple-appattest")),
                CBORPair(
                    key: .text("attStmt"),
                    value: .map([
                        CBORPair(
                            key: .text("x5c"),
                            value: .array([
                                .bytes(try TestAppStore.der(leaf)),
                                .bytes(try TestAppStore.der(intermediate.certificate)),
                            ])),
                        CBORPair(key: .text("receipt"), value: .bytes(Array("test receipt".utf8))),
                    ])),
                CBORPair(key: .text("authData"), value: .bytes(authData)),
            ]))
    }

    /// The leaf Apple issues for a key: its nonce in 1.2.840.113635.100.8.2 as
    /// `SEQUENCE { [1] { OCTET STRING } }`.
    func certificate(for key: P256.Signing.PublicKey, nonce: [UInt8]) throws -> Certificate {
        let value: [UInt8] = [0x30, 0x24, 0xA1, 0x22, 0x04, 0x20] + nonce
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            Certificate.Extension(oid: [1, 2, 840, 113_635, 100, 8, 2], critical: false, value: value[...])
        }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key),
            notValidBefore: Self.validFrom, notValidAfter: Self.validUntil,
            issuer: intermediate.certificate.subject, subject: try DistinguishedName { CommonName("device key") },
            signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: .init(intermediate.key))
    }

    static func hash(_ text: String) -> [UInt8] { hash(Array(text.utf8)) }
    static func hash(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }
    static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
}

/// An install's Secure Enclave key, as `DCAppAttestService` keeps it.
struct AttestingDevice {
    let key = P256.Signing.PrivateKey()

    /// SHA-256 of the public point, as `generateKey` names the key.
    var keyID: [UInt8] { TestAppAttest.hash(Array(key.publicKey.x963Representation)) }

    /// An assertion over `clientDataHash`, as `generateAssertion` makes it.
    func assertion(clientDataHash: [UInt8], counter: UInt32, appID: String = TestAppAttest.appID) throws -> [UInt8] {
        let authData = TestAppAttest.hash(appID) + [0x00] + TestAppAttest.bigEndian(counter)
        let nonce = TestAppAttest.hash(authData + clientDataHash)
        let signature = try key.signature(for: nonce).derRepresentation
        return CBOREncoder.encode(
            .map([
                CBORPair(key: .text("signature"), value: .bytes(Array(signature))),
                CBORPair(key: .text("authenticatorData"), value: .bytes(authData)),
            ]))
    }

    /// The `Doorstep-App-Assertion` header for a request with `body` answering `challenge`.
    func header(body: [UInt8], challenge: [UInt8], counter: UInt32) throws -> String {
        let clientDataHash = TestAppAttest.hash(TestAppAttest.hash(body) + challenge)
        let assertion = try assertion(clientDataHash: clientDataHash, counter: counter)
        return [keyID, challenge, assertion].map(Base64URL.encode).joined(separator: ".")
    }
}

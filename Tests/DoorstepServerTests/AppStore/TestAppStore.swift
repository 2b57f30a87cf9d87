import Crypto
import DoorstepServerCore
import Foundation
import SwiftASN1
import X509

/// An App Store of the test's own: a root, an intermediate and a signing certificate made here with
/// Apple's markers (or without, to play a forgery), signing transactions as the App Store does.
struct TestAppStore {
    struct Authority {
        let key: P256.Signing.PrivateKey
        let certificate: Certificate
    }

    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
    static let validFrom = Date(timeIntervalSince1970: 1_700_000_000)
    static let validUntil = Date(timeIntervalSince1970: 2_000_000_000)

    let root: Authority
    let intermediate: Authority
    let leaf: Authority

    /// A store whose leaf and intermediate carry Apple's markers unless told otherwise.
    init(leafMarked: Bool = true, intermediateMarked: Bool = true) throws {
        root = try Self.authority(named: "Test Root CA", issuer: nil, isCA: true, marker: nil)
        intermediate = try Self.authority(
            named: "Test WWDR", issuer: root, isCA: true, marker: intermediateMarked ? Self.intermediateMarker : nil)
        leaf = try Self.authority(
            named: "Test App Store Signing", issuer: intermediate, isCA: false,
            marker: leafMarked ? Self.leafMarker : nil)
    }

    /// The root's DER, for a verifier that trusts this store.
    var rootDER: Data { Data(try! Self.der(root.certificate)) }

    static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    static func authority(named name: String, issuer: Authority?, isCA: Bool, marker: ASN1ObjectIdentifier?) throws
        -> Authority
    {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name) }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
            Critical(KeyUsage(digitalSignature: !isCA, keyCertSign: isCA))
        }
        var all = Array(extensions)
        if !isCA { all[0] = try Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true) }
        if let marker { all.append(Certificate.Extension(oid: marker, critical: false, value: [0x05, 0x00])) }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: validFrom, notValidAfter: validUntil, issuer: issuer?.certificate.subject ?? subject,
            subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(all),
            issuerPrivateKey: .init(issuer?.key ?? key))
        return Authority(key: key, certificate: certificate)
    }

    /// `transaction` signed by the leaf (ES256, as the App Store signs), with `chain` (by default
    /// leaf, intermediate, root) in the header's `x5c`.
    func sign(_ transaction: some Encodable, chain: [Certificate]? = nil) throws -> String {
        let certificates = chain ?? [leaf.certificate, intermediate.certificate, root.certificate]
        let header: [String: Any] = [
            "alg": "ES256", "x5c": try certificates.map { Data(try Self.der($0)).base64EncodedString() },
        ]
        let encodedHeader = try JSONSerialization.data(withJSONObject: header).base64URLEncoded
        let input = encodedHeader + "." + (try JSONEncoder().encode(transaction).base64URLEncoded)
        let signature = try leaf.key.signature(for: Data(input.utf8)).rawRepresentation
        return input + "." + signature.base64URLEncoded
    }

    /// A monthly subscription bought now by `account` in the sandbox of `com.example.kordant`.
    static func transaction(
        for account: UUID?, original: String = "2000000111", id: String = "2000000111", signedAt: Date,
        expiresAt: Date? = nil, revokedAt: Date? = nil, bundleID: String = "com.example.kordant",
        environment: String = "Sandbox"
    ) -> SignedTransaction {
        SignedTransaction(
            transactionId: id, originalTransactionId: original, bundleId: bundleID,
            productId: "com.example.kordant.premium.monthly", type: "Auto-Renewable Subscription",
            appAccountToken: account?.uuidString, environment: environment, inAppOwnershipType: "PURCHASED",
            purchaseDate: signedAt.timeIntervalSince1970 * 1000,
            expiresDate: (expiresAt ?? signedAt.addingTimeInterval(30 * 86_400)).timeIntervalSince1970 * 1000,
            revocationDate: revokedAt.map { $0.timeIntervalSince1970 * 1000 },
            signedDate: signedAt.timeIntervalSince1970 * 1000)
    }

    /// An App Store Server Notification of `type` about `transaction`, signed like the transaction.
    func notification(
        _ type: String, _ transaction: SignedTransaction, id: String = UUID().uuidString, subtype: String? = nil
    ) throws -> String {
        let payload = SignedNotification.Payload(
            bundleId: transaction.bundleId, environment: transaction.environment,
            signedTransactionInfo: try sign(transaction))
        return try sign(
            SignedNotification(
                notificationType: type, subtype: subtype, notificationUUID: id, data: payload,
                signedDate: transaction.signedDate))
    }
}

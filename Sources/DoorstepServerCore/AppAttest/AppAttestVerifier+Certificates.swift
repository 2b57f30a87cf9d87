import Foundation
import SwiftASN1
// The chain is checked at the time the verifier's clock gives, never the system's, which is the
// fixed-time policy swift-certificates offers as SPI.
@_spi(FixedExpiryValidationTime) import X509

extension AppAttestVerifier {
    /// What an `apple-appattest` attestation object holds.
    struct AttestationObject {
        var authData: [UInt8]
        /// `x5c`: the leaf first, then the intermediate.
        var certificates: [Certificate]
        var receipt: [UInt8]?
    }

    /// 1.2.840.113635.100.8.2, Apple's nonce on the leaf.
    static let nonceExtension: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 8, 2]

    static func decodeAttestation(_ bytes: [UInt8]) throws(AppAttestError) -> AttestationObject {
        let object: CBOR
        do {
            object = try CBORDecoder.decode(bytes)
        } catch {
            throw .malformed("the attestation object is not CBOR")
        }
        guard object[text: "fmt"]?.text == "apple-appattest" else {
            throw .malformed("the attestation format is not apple-appattest")
        }
        guard let authData = object[text: "authData"]?.bytes, let statement = object[text: "attStmt"],
            case .array(let chain)? = statement[text: "x5c"], chain.count >= 2
        else { throw .malformed("the attestation object lacks authData or an x5c chain") }
        var certificates: [Certificate] = []
        for item in chain {
            guard let der = item.bytes, let certificate = try? Certificate(derEncoded: der) else {
                throw .malformed("an x5c entry is not a DER certificate")
            }
            certificates.append(certificate)
        }
        return AttestationObject(
            authData: authData, certificates: certificates, receipt: statement[text: "receipt"]?.bytes)
    }

    /// The leaf, once it and the intermediates chain to a trusted root and all are valid at `now`.
    func verifiedLeaf(_ certificates: [Certificate], at now: Date) async throws(AppAttestError) -> Certificate {
        let leaf = certificates[0]
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            RFC5280Policy(fixedExpiryValidationTime: now)
        }
        let result = await verifier.validate(
            leaf: leaf, intermediates: CertificateStore(certificates.dropFirst()))
        switch result {
        case .validCertificate:
            return leaf
        case .couldNotValidate(let failures):
            let reason = failures.first.map { "\($0.policyFailureReason)" } ?? "no chain leads to a trusted root"
            throw .untrustedChain(String(reason.prefix(200)))
        }
    }

    /// The nonce the leaf carries: its extension's DER is `SEQUENCE { [1] { OCTET STRING } }`.
    static func nonce(in leaf: Certificate) throws(AppAttestError) -> [UInt8] {
        guard let value = leaf.extensions[oid: nonceExtension]?.value else {
            throw .malformed("the certificate has no App Attest nonce")
        }
        do {
            let root = try DER.parse(Array(value))
            guard case .constructed(let children) = root.content else { throw AppAttestError.nonceMismatch }
            for child in children where child.identifier == ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)
            {
                guard case .constructed(let inner) = child.content, let first = inner.first(where: { _ in true })
                else { break }
                return Array(try ASN1OctetString(derEncoded: first).bytes)
            }
        } catch {
            throw .malformed("the certificate's App Attest nonce cannot be read")
        }
        throw .malformed("the certificate's App Attest nonce cannot be read")
    }
}

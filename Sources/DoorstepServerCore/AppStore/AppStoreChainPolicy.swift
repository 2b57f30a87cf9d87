import SwiftASN1
import X509

/// Apple's rule for a certificate that signs App Store data, beyond a chain to the root: the leaf
/// carries the App Store receipt-signing marker and the intermediate the Apple Worldwide Developer
/// Relations marker. A chain to Apple's root alone proves little, since that root also issues
/// certificates to every developer.
struct AppStoreChainPolicy: VerifierPolicy {
    /// 1.2.840.113635.100.6.11.1, on the leaf.
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    /// 1.2.840.113635.100.6.2.1, on the intermediate.
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]

    var verifyingCriticalExtensions: [ASN1ObjectIdentifier] { [] }

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard chain.count == 3 else {
            return .failsToMeetPolicy(reason: "the chain has \(chain.count) certificates, not 3")
        }
        guard chain[0].extensions[oid: Self.leafMarker] != nil else {
            return .failsToMeetPolicy(reason: "the signing certificate is not one that signs App Store data")
        }
        guard chain[1].extensions[oid: Self.intermediateMarker] != nil else {
            return .failsToMeetPolicy(reason: "the intermediate certificate is not Apple's")
        }
        return .meetsPolicy
    }
}

import Crypto
import Foundation
import X509

/// A key App Attest vouched for: what the server keeps to check the key's assertions.
public struct VerifiedAttestation: Sendable, Hashable {
    /// SHA-256 of the key, the id the app names it by.
    public var keyID: [UInt8]
    /// The key's public point, uncompressed (X9.63).
    public var publicKey: [UInt8]
    /// The app (`TEAMID.bundle.id`) whose RP id hash the authenticator data carries.
    public var appID: String
    /// Apple's receipt, to ask Apple later for the device's fraud metric.
    public var receipt: [UInt8]?
}

/// The server's checks of Apple's "Validating apps that connect to your server", in Apple's order.
/// Pure but for the certificate chain's check, which is asynchronous; challenges and keys are the
/// caller's to store.
public struct AppAttestVerifier: Sendable {
    /// The apps (`TEAMID.bundle.id`) whose keys are accepted.
    public let appIDs: [String]
    /// The environment keys must have been attested in.
    public let environment: AppAttestEnvironment
    let roots: [Certificate]
    /// Whether the only root trusted is Apple's (anything else is for tests).
    public let trustsOnlyApple: Bool

    /// A verifier for `appIDs` in `environment`, trusting `rootCertificates` (DER).
    public init(
        appIDs: [String], environment: AppAttestEnvironment,
        rootCertificates: [Data] = [AppleRootCertificates.appAttestationRoot]
    ) throws {
        self.appIDs = appIDs
        self.environment = environment
        trustsOnlyApple = rootCertificates == [AppleRootCertificates.appAttestationRoot]
        roots = try rootCertificates.map { try Certificate(derEncoded: [UInt8]($0)) }
    }

    /// Checks an attestation object made for `keyID` over `clientDataHash` (SHA-256 of the
    /// challenge the server issued), at `now`.
    public func verifyAttestation(
        _ attestationObject: [UInt8], keyID: [UInt8], clientDataHash: [UInt8], at now: Date
    ) async throws(AppAttestError) -> VerifiedAttestation {
        let object = try Self.decodeAttestation(attestationObject)
        // 1. The chain, leaf and intermediate, leads to the root and is valid now.
        let leaf = try await verifiedLeaf(object.certificates, at: now)
        // 2–4. The leaf's nonce extension is SHA-256 of authenticator data ‖ client data hash.
        let nonce = Array(SHA256.hash(data: object.authData + clientDataHash))
        guard try Self.nonce(in: leaf) == nonce else { throw .nonceMismatch }
        // 5. The key id is SHA-256 of the leaf's public key.
        guard let publicKey = P256.Signing.PublicKey(leaf.publicKey) else {
            throw .malformed("the certificate's key is not a P-256 key")
        }
        let point = Array(publicKey.x963Representation)
        guard Array(SHA256.hash(data: point)) == keyID else { throw .keyIDMismatch }
        let authData: AuthenticatorData
        do {
            authData = try AuthenticatorData(object.authData)
        } catch {
            throw .malformed("the authenticator data cannot be read")
        }
        // 6. The RP id hash is SHA-256 of one of the server's apps.
        guard let appID = appID(hashed: authData.rpIDHash) else { throw .appIDMismatch }
        // 7. A new key has signed nothing.
        guard authData.signCount == 0 else { throw .counterNotZero }
        // 8. The environment is the one this server takes.
        guard let credential = authData.credential else { throw .malformed("the authenticator data has no key") }
        guard credential.aaguid == environment.aaguid else { throw .wrongEnvironment }
        // 9. The credential id is the key id.
        guard credential.id == keyID else { throw .keyIDMismatch }
        return VerifiedAttestation(keyID: keyID, publicKey: point, appID: appID, receipt: object.receipt)
    }

    /// Checks an assertion (CBOR of `signature` and `authenticatorData`) over `clientDataHash`, made
    /// with a key kept from its attestation; returns the counter to keep.
    public func verifyAssertion(
        _ assertion: [UInt8], clientDataHash: [UInt8], publicKey: [UInt8], appID: String, storedCounter: UInt32
    ) throws(AppAttestError) -> UInt32 {
        let map: CBOR
        do {
            map = try CBORDecoder.decode(assertion)
        } catch {
            throw .malformed("the assertion is not CBOR")
        }
        guard let signature = map[text: "signature"]?.bytes, let authDataBytes = map[text: "authenticatorData"]?.bytes
        else { throw .malformed("the assertion lacks signature or authenticatorData") }
        guard let key = try? P256.Signing.PublicKey(x963Representation: publicKey) else { throw .unknownKey }
        // 1–3. The signature verifies over SHA-256(authenticator data ‖ client data hash).
        let nonce = Array(SHA256.hash(data: authDataBytes + clientDataHash))
        guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature),
            key.isValidSignature(parsed, for: nonce)
        else { throw .badSignature }
        let authData: AuthenticatorData
        do {
            authData = try AuthenticatorData(authDataBytes)
        } catch {
            throw .malformed("the authenticator data cannot be read")
        }
        // 4. The RP id hash is the key's app's.
        guard authData.rpIDHash == Self.hash(appID) else { throw .appIDMismatch }
        // 5. The counter rose.
        guard authData.signCount > storedCounter else { throw .counterNotRising }
        return authData.signCount
    }

    func appID(hashed: [UInt8]) -> String? {
        appIDs.first { Self.hash($0) == hashed }
    }

    static func hash(_ appID: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(appID.utf8)))
    }
}

import Crypto
import Foundation

/// An App Attest assertion a request carries in `Doorstep-App-Assertion: <key id>.<challenge>.<assertion>`
/// (each base64url), made over SHA-256(SHA-256(request body) ‖ challenge).
public struct AppAssertion: Sendable, Hashable {
    /// The header's name.
    public static let headerName = "Doorstep-App-Assertion"

    /// The attested key's id.
    public var keyID: [UInt8]
    /// A challenge the server issued, as bytes.
    public var challenge: [UInt8]
    /// The assertion `DCAppAttestService` made: CBOR of `signature` and `authenticatorData`.
    public var assertion: [UInt8]
    /// SHA-256 of the request's body (of no bytes when it has none).
    public var bodyHash: [UInt8]

    /// Creates an assertion.
    public init(keyID: [UInt8], challenge: [UInt8], assertion: [UInt8], bodyHash: [UInt8]) {
        self.keyID = keyID
        self.challenge = challenge
        self.assertion = assertion
        self.bodyHash = bodyHash
    }

    /// Reads the header of a request whose body is `body`; why not, when it cannot be read.
    public static func parse(header: String, body: some Sequence<UInt8>) -> Result<AppAssertion, AppAttestError> {
        let parts = header.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let keyID = AppAttestService.bytes(String(parts[0])), keyID.count == 32,
            let challenge = Base64URL.decode(String(parts[1])), !challenge.isEmpty,
            let assertion = AppAttestService.bytes(String(parts[2])), !assertion.isEmpty
        else { return .failure(.malformed("the \(headerName) header is not <key id>.<challenge>.<assertion>")) }
        return .success(
            AppAssertion(
                keyID: keyID, challenge: challenge, assertion: assertion,
                bodyHash: Array(SHA256.hash(data: Array(body)))))
    }

    /// What the app signed: SHA-256 of the body's hash followed by the challenge.
    public var clientDataHash: [UInt8] {
        Array(SHA256.hash(data: bodyHash + challenge))
    }
}

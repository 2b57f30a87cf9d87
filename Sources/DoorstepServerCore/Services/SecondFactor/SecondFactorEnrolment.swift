import Foundation

/// What an app shows to enrol an authenticator: the secret to type, the `otpauth://` URL its QR code
/// holds, and the recovery codes to keep (shown this once; they work once the app is confirmed).
public struct SecondFactorEnrolment: Sendable, Hashable {
    /// The secret in Base32, as people type it.
    public var secret: String
    /// The URL an authenticator app reads from the QR code.
    public var provisioningURL: String
    /// The QR code of ``provisioningURL``, as SVG.
    public var qrCodeSVG: String
    /// Ten single-use recovery codes (`xxxxx-xxxxx`), kept only as keyed hashes.
    public var recoveryCodes: [String]
}

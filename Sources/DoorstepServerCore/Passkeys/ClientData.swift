import Foundation

/// The client data a browser or iOS signs over (WebAuthn §5.8.1): the ceremony, the challenge and
/// the origin it ran on.
public struct ClientData: Sendable, Hashable {
    /// `webauthn.create` or `webauthn.get`.
    public var type: String
    /// The challenge, decoded.
    public var challenge: [UInt8]
    /// The origin, such as `https://auth.example.com` or `https://example.com` from an iOS app (the RP ID).
    public var origin: String
    /// Whether the ceremony ran in a cross-origin frame.
    public var crossOrigin: Bool

    /// Parses `clientDataJSON`.
    public init(json: [UInt8]) throws(PasskeyError) {
        struct Wire: Decodable {
            var type: String
            var challenge: String
            var origin: String
            var crossOrigin: Bool?
        }
        guard json.count <= 4_096, let wire = try? JSONDecoder().decode(Wire.self, from: Data(json)) else {
            throw .malformed("clientDataJSON is not the JSON WebAuthn specifies")
        }
        guard let challenge = Base64URL.decode(wire.challenge) else {
            throw .malformed("the client data's challenge is not base64url")
        }
        type = wire.type
        self.challenge = challenge
        origin = wire.origin
        crossOrigin = wire.crossOrigin ?? false
    }
}

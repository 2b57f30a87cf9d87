import Foundation

/// Seals endpoints' signing secrets with AES-GCM under a key derived from the server's keys, so the
/// database alone never holds a secret that signs deliveries.
public struct WebhookSecretSealer: Sendable {
    let key: SealingKey

    /// A sealer whose key is derived from `keys`.
    public init(keys: ServerKeys) {
        key = SealingKey(keys: keys, purpose: "doorstep webhook secrets")
    }

    func seal(_ secret: WebhookSecret) throws -> Data {
        try key.seal(Data(secret.text.utf8))
    }

    func open(_ sealed: Data) throws -> WebhookSecret {
        guard let secret = WebhookSecret(text: String(decoding: try key.open(sealed), as: UTF8.self)) else {
            throw WebhookTransportError("the endpoint's secret could not be read")
        }
        return secret
    }
}

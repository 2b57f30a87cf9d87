import Foundation

/// Seals mail for the outbox with AES-GCM, so a code waiting for delivery is never readable at rest.
/// Its key is derived from the server's code key, so it needs no file of its own.
public struct MailSealer: Sendable {
    let key: SealingKey

    /// A sealer whose key is derived from `keys`.
    public init(keys: ServerKeys) {
        key = SealingKey(keys: keys, purpose: "doorstep mail outbox")
    }

    func seal(_ mail: Mail) throws -> Data {
        try key.seal(JSONEncoder().encode(mail))
    }

    func open(_ sealed: Data) throws -> Mail {
        try JSONDecoder().decode(Mail.self, from: key.open(sealed))
    }
}

import Crypto
import Foundation

/// Seals mail for the outbox with AES-GCM, so a code waiting for delivery is never readable at rest.
/// Its key is derived from the server's code key, so it needs no file of its own.
public struct MailSealer: Sendable {
    let key: SymmetricKey

    /// A sealer whose key is derived from `keys`.
    public init(keys: ServerKeys) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: keys.codeKey, info: Data("doorstep mail outbox".utf8), outputByteCount: 32)
    }

    func seal(_ mail: Mail) throws -> Data {
        guard let combined = try AES.GCM.seal(JSONEncoder().encode(mail), using: key).combined else {
            throw SealError.cannotSeal
        }
        return combined
    }

    func open(_ sealed: Data) throws -> Mail {
        try JSONDecoder().decode(Mail.self, from: AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key))
    }

    enum SealError: Error {
        case cannotSeal
    }
}

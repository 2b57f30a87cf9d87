import Crypto
import Foundation

/// An AES-GCM key for one purpose, derived from the server's code key with HKDF, so what it seals is
/// readable only with the server's keys (themselves sealed when a key-encryption key is set) and each
/// purpose's key opens nothing of another's.
public struct SealingKey: Sendable {
    let key: SymmetricKey

    /// The key for `purpose`, such as `doorstep mail outbox`.
    public init(keys: ServerKeys, purpose: String) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: keys.codeKey, info: Data(purpose.utf8), outputByteCount: 32)
    }

    /// `plaintext` sealed: nonce, ciphertext and tag together.
    public func seal(_ plaintext: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else { throw SealError.cannotSeal }
        return combined
    }

    /// What ``seal(_:)`` sealed; throws when `sealed` was not sealed with this key or was changed.
    public func open(_ sealed: Data) throws -> Data {
        try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key)
    }

    enum SealError: Error {
        case cannotSeal
    }
}

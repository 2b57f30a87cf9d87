import Crypto
import Foundation
import _CryptoExtras

/// Firebase Authentication's modified scrypt, as `firebase/scrypt` defines it: scrypt of the password
/// with the user's salt and the project's salt separator (N = 2^memoryCost, r = rounds, p = 1) gives
/// a 256-bit key, which encrypts the project's signer key with AES-CTR from a zero counter; the result
/// is the user's `passwordHash`. The parameters are the project's ("Password hash parameters" in the
/// Firebase console); the signer key is a secret, kept sealed like the server's own keys.
public struct FirebaseScrypt: Sendable, Hashable, Codable {
    public var signerKey: Data
    public var saltSeparator: Data
    public var rounds: Int
    public var memoryCost: Int

    /// The parameters as the Firebase console and `firebase auth:export` give them: the keys in base64.
    public init(signerKey: String, saltSeparator: String, rounds: Int, memoryCost: Int) throws(ImportError) {
        guard let key = Data(base64Encoded: signerKey), !key.isEmpty else {
            throw ImportError("--hash-key is not base64; copy the signer key from Firebase's password hash parameters")
        }
        guard let separator = Data(base64Encoded: saltSeparator) else {
            throw ImportError("--salt-separator is not base64")
        }
        guard (1...32).contains(rounds) else { throw ImportError("--rounds must be from 1 to 32 (Firebase uses 8)") }
        guard (1...20).contains(memoryCost) else {
            throw ImportError("--mem-cost must be from 1 to 20 (Firebase uses 14)")
        }
        self.signerKey = key
        self.saltSeparator = separator
        self.rounds = rounds
        self.memoryCost = memoryCost
    }

    /// The `passwordHash` Firebase keeps for `password` with `salt`.
    public func hash(_ password: String, salt: Data) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(
            from: Data(password.utf8), salt: salt + saltSeparator, outputByteCount: 32, rounds: 1 << memoryCost,
            blockSize: rounds, parallelism: 1)
        return try AES._CTR.encrypt(signerKey, using: key, nonce: AES._CTR.Nonce(nonceBytes: Data(count: 16)))
    }

    /// Whether `password` is the one Firebase hashed to `hash` with `salt`, compared in constant time.
    public func verify(_ password: String, salt: Data, hash: Data) -> Bool {
        guard let computed = try? self.hash(password, salt: salt), computed.count == hash.count else { return false }
        return zip(computed, hash).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Why an import cannot go on, in one line for the operator.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}

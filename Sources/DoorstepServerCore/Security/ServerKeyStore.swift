import Crypto
import Foundation
import JWTKit

/// Keeps the server's keys in the store: creates them on first start, seals them with the
/// key-encryption key when one is set, adds signing keys and drops those nothing can need.
public struct ServerKeyStore: Sendable {
    let storage: any Storage
    let sealer: KeySealer?
    let random: any RandomSource

    /// A key store on `storage`; `encryptionKey` (32 bytes) seals private keys at rest when given.
    public init(storage: any Storage, encryptionKey: SymmetricKey?, random: any RandomSource = SecureRandomSource()) {
        self.storage = storage
        self.sealer = encryptionKey.map(KeySealer.init)
        self.random = random
    }

    /// Reads a key-encryption key given as base64 of 32 bytes (`openssl rand -base64 32`).
    public static func encryptionKey(base64 text: String) throws(KeyStoreError) -> SymmetricKey {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32
        else { throw .badEncryptionKey }
        return SymmetricKey(data: bytes)
    }

    /// The keys in the store. On first start it makes them — or takes `legacy`, the keys an earlier
    /// release kept in a file — and with a key-encryption key set it seals any it finds in the clear.
    public func load(at now: Date, importing legacy: ServerKeys? = nil) async throws -> ServerKeys {
        let fresh =
            try legacy
            ?? ServerKeys(
                signingKeys: [try SigningKey.generate(at: now, random: random)],
                codeKey: SymmetricKey(data: random.bytes(32)))
        return try await storage.transaction { store in
            var codeRecord = try await store.serverSecret(name: Self.codeKeyName)
            if codeRecord == nil {
                let clearCode = fresh.codeKey.withUnsafeBytes { Data(Array($0)).base64EncodedString() }
                let record = try stored(id: Self.codeKeyName, clear: clearCode, at: now)
                try await store.saveServerSecret(record)
                codeRecord = record
            }
            var keyRecords = try await store.signingKeys()
            if keyRecords.isEmpty {
                for key in fresh.signingKeys {
                    let record = try stored(id: key.id, clear: key.privateKey.pemRepresentation, at: key.createdAt)
                    try await store.insertSigningKey(record)
                    keyRecords.append(record)
                }
            }
            if let codeRecord, !codeRecord.isSealed, sealer != nil {
                try await store.saveServerSecret(
                    try stored(id: codeRecord.id, clear: codeRecord.material, at: codeRecord.createdAt))
            }
            for record in keyRecords where !record.isSealed && sealer != nil {
                try await store.updateSigningKey(
                    try stored(id: record.id, clear: record.material, at: record.createdAt))
            }
            guard let codeRecord, let codeKey = Data(base64Encoded: try clear(codeRecord)), codeKey.count == 32 else {
                throw KeyStoreError.malformed("the code key")
            }
            var keys = ServerKeys(signingKeys: try keyRecords.map(signingKey), codeKey: SymmetricKey(data: codeKey))
            keys.firebaseScrypt = try await firebaseScrypt(in: store)
            return keys
        }
    }

    /// Keeps the parameters of the Firebase project users are imported from, sealed when a key-encryption
    /// key is set; the server reads them when it starts.
    public func saveFirebaseScrypt(_ parameters: FirebaseScrypt, at now: Date) async throws {
        let json = String(decoding: try JSONEncoder().encode(parameters), as: UTF8.self)
        let record = try stored(id: Self.firebaseScryptName, clear: json, at: now)
        try await storage.transaction { try await $0.saveServerSecret(record) }
    }

    /// The Firebase project's parameters kept in the store, if users were imported from one.
    public func firebaseScrypt() async throws -> FirebaseScrypt? {
        try await storage.read { try await firebaseScrypt(in: $0) }
    }

    private func firebaseScrypt(in store: any StorageTransaction) async throws -> FirebaseScrypt? {
        guard let record = try await store.serverSecret(name: Self.firebaseScryptName) else { return nil }
        guard let parameters = try? JSONDecoder().decode(FirebaseScrypt.self, from: Data(try clear(record).utf8))
        else { throw KeyStoreError.malformed("the Firebase hash parameters") }
        return parameters
    }

    static let firebaseScryptName = "import.firebase-scrypt"

    /// The signing keys in the store, oldest first.
    public func signingKeys() async throws -> [SigningKey] {
        try await storage.read { try await $0.signingKeys() }.map(signingKey)
    }

    /// Adds a signing key; it starts signing once published for the policy's delay.
    public func rotate(at now: Date) async throws -> SigningKey {
        let key = try SigningKey.generate(at: now, random: random)
        let record = try stored(id: key.id, clear: key.privateKey.pemRepresentation, at: now)
        try await storage.transaction { try await $0.insertSigningKey(record) }
        return key
    }

    /// Drops the signing keys no unexpired token can have been signed with; returns them.
    public func retire(at now: Date, policy: KeyRotationPolicy) async throws -> [SigningKey] {
        try await storage.transaction { store in
            let keys = try await store.signingKeys().map(signingKey)
            let retired = policy.retirable(keys, at: now)
            for key in retired { try await store.deleteSigningKey(id: key.id) }
            return retired
        }
    }

    static let codeKeyName = "code"

    private func stored(id: String, clear material: String, at date: Date) throws -> StoredKeyRecord {
        guard let sealer else { return StoredKeyRecord(id: id, material: material, isSealed: false, createdAt: date) }
        return StoredKeyRecord(id: id, material: try sealer.seal(material, id: id), isSealed: true, createdAt: date)
    }

    private func clear(_ record: StoredKeyRecord) throws -> String {
        guard record.isSealed else { return record.material }
        guard let sealer else { throw KeyStoreError.sealedWithoutKey }
        return try sealer.open(record.material, id: record.id)
    }

    private func signingKey(_ record: StoredKeyRecord) throws -> SigningKey {
        guard let key = try? ES256PrivateKey(pem: try clear(record)) else {
            throw KeyStoreError.malformed("signing key \(record.id)")
        }
        return SigningKey(id: record.id, privateKey: key, createdAt: record.createdAt)
    }
}

/// Seals keys with AES-GCM under the key-encryption key, bound to the key's name.
struct KeySealer: Sendable {
    let key: SymmetricKey

    func seal(_ material: String, id: String) throws -> String {
        let box = try AES.GCM.seal(Data(material.utf8), using: key, authenticating: Data("doorstep key \(id)".utf8))
        guard let combined = box.combined else { throw KeyStoreError.malformed(id) }
        return combined.base64EncodedString()
    }

    func open(_ sealed: String, id: String) throws -> String {
        guard let combined = Data(base64Encoded: sealed), let box = try? AES.GCM.SealedBox(combined: combined),
            let opened = try? AES.GCM.open(box, using: key, authenticating: Data("doorstep key \(id)".utf8))
        else { throw KeyStoreError.wrongEncryptionKey }
        return String(decoding: opened, as: UTF8.self)
    }
}

/// Why the server's keys cannot be used, in words for an operator.
public enum KeyStoreError: Error, CustomStringConvertible, Equatable {
    case badEncryptionKey
    case sealedWithoutKey
    case wrongEncryptionKey
    case malformed(String)

    public var description: String {
        switch self {
        case .badEncryptionKey:
            return "DOORSTEP_KEY_ENCRYPTION_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)"
        case .sealedWithoutKey:
            return "the stored keys are sealed: set DOORSTEP_KEY_ENCRYPTION_KEY to the key they were sealed with"
        case .wrongEncryptionKey:
            return "DOORSTEP_KEY_ENCRYPTION_KEY does not open the stored keys"
        case .malformed(let what):
            return "\(what) in the store cannot be read"
        }
    }
}

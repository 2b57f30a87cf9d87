import Crypto
import DoorstepPostgres
import DoorstepSQLite
import DoorstepServerCore
import Foundation
import Logging

/// The database a command works on, opened from what `--database` names: a `postgres://` URL, or
/// the path of an SQLite file.
struct ServerStore {
    let storage: any Storage
    /// Where profile photos are kept: beside an SQLite file, or in PostgreSQL, since instances on it
    /// share no disk.
    let avatars: any AvatarStore
    private let closer: @Sendable () async throws -> Void

    /// Opens the database and brings its schema up to date; a database that cannot be used is
    /// reported in one line.
    static func open(_ database: String, poolSize: Int, logger: Logger) async throws -> ServerStore {
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            let storage = try await PostgresStorage.open(
                PostgresStorageConfiguration(url: database, poolSize: poolSize), logger: logger)
            return ServerStore(storage: storage, avatars: DatabaseAvatarStore(storage: storage)) {
                await storage.close()
            }
        }
        let storage = try await SQLiteStorage.open(path: database)
        let avatars = try FileAvatarStore(directory: URL(fileURLWithPath: database + ".avatars"))
        return ServerStore(storage: storage, avatars: avatars) { try await storage.close() }
    }

    func close() async throws {
        try await closer()
    }

    /// The key-encryption key from `DOORSTEP_KEY_ENCRYPTION_KEY`, if set.
    static func keyEncryptionKey(environment: [String: String]) throws -> SymmetricKey? {
        try environment["DOORSTEP_KEY_ENCRYPTION_KEY"].map { try ServerKeyStore.encryptionKey(base64: $0) }
    }

    /// The server's keys from the store, made on first start. An SQLite database whose keys an
    /// earlier release kept in a file beside it takes them from that file, so sessions survive.
    func loadKeys(database: String, environment: [String: String], logger: Logger) async throws -> ServerKeys {
        let keyFile = database + ".keys.json"
        let legacy = try FileManager.default.contents(atPath: keyFile).map { try ServerKeys(keyFile: $0) }
        let store = ServerKeyStore(storage: storage, encryptionKey: try Self.keyEncryptionKey(environment: environment))
        let keys = try await store.load(at: Date(), importing: legacy)
        if legacy != nil {
            logger.notice(
                "the signing keys now live in the database; delete the old key file",
                metadata: ["file": "\(keyFile)"])
        }
        return keys
    }
}

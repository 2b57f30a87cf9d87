import DoorstepServerCore
import Foundation
import Logging
import SQLiteNIO

/// Storage in an SQLite file: the default, so `doorstep serve` needs nothing else installed.
///
/// One connection in write-ahead-log mode; transactions take an async lock so that no other
/// statement interleaves with theirs, and commit whole or not at all — a server killed mid-request
/// leaves no half-written account behind.
public final class SQLiteStorage: Storage {
    let connection: SQLiteConnection
    private let lock = AsyncLock()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    public static func open(path: String, logger: Logger = Logger(label: "doorstep.sqlite")) async throws
        -> SQLiteStorage
    {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        let storage = SQLiteStorage(connection: connection)
        for pragma in [
            "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
            "PRAGMA busy_timeout = 5000",
        ] {
            _ = try await connection.query(pragma, [])
        }
        try await SQLiteMigrations.run(on: storage)
        return storage
    }

    /// Closes the database; further use fails.
    public func close() async throws {
        try await connection.close()
    }

    public func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await lock.withLock {
            _ = try await connection.query("BEGIN IMMEDIATE", [])
            do {
                let result = try await body(SQLiteTransaction(connection: connection))
                _ = try await connection.query("COMMIT", [])
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", [])
                throw error
            }
        }
    }

    /// Runs statements outside any repository, holding the same lock (migrations).
    func execute(_ body: @Sendable (SQLiteConnection) async throws -> Void) async throws {
        try await lock.withLock { try await body(connection) }
    }

    /// The schema versions applied to the file, in order.
    public func schemaVersions() async throws -> [Int] {
        try await SQLiteMigrations.appliedVersions(on: self)
    }

    public func isHealthy() async -> Bool {
        (try? await lock.withLock { try await connection.query("SELECT 1", []) }) != nil
    }
}

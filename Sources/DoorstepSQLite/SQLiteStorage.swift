import DoorstepSQL
import DoorstepServerCore
import Foundation
import Synchronization

/// Storage in an SQLite file: the default, so `doorstep serve` needs nothing else installed.
///
/// One connection in write-ahead-log mode; transactions take an async lock so that no other
/// statement interleaves with theirs, and commit whole or not at all — a server killed mid-request
/// leaves no half-written account behind.
///
/// Reads go to a few more connections that refuse to write: write-ahead logging lets them see the last
/// commit while a write is under way, so the requests that only look (who is this token's user?)
/// neither wait for the writer nor for each other.
///
/// Every connection keeps the statements it prepared (``SQLiteHandle``), and statements run on the
/// calling task's thread: the busiest requests pay neither a statement's compilation nor two thread
/// hops per statement.
public final class SQLiteStorage: Storage {
    let connection: SQLiteHandle
    private let lock = AsyncLock()
    private let readers: [(connection: SQLiteHandle, lock: AsyncLock)]
    private let nextReader = Atomic<Int>(0)

    private init(connection: SQLiteHandle, readers: [SQLiteHandle]) {
        self.connection = connection
        self.readers = readers.map { ($0, AsyncLock()) }
    }

    /// Opens (creating if needed) the database at `path` and brings its schema up to date. The file is
    /// 0600 — SQLite gives its write-ahead log and shared-memory files the database's mode — and a
    /// database an earlier release left readable to others is closed to them.
    public static func open(path: String) async throws -> SQLiteStorage {
        try restrictToOwner(path)
        let connection = try SQLiteHandle(path: path)
        let writer = SQLiteStatements(handle: connection)
        for pragma in [
            "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
            // Deleted and overwritten rows are zeroed, so a code hash or a scrubbed answer leaves no trace.
            "PRAGMA secure_delete = ON",
            "PRAGMA cache_size = \(-writerCacheKilobytes)",
        ] {
            try await writer.execute(pragma)
        }
        // Readers refuse to write, whatever a repository asks of them.
        var readers: [SQLiteHandle] = []
        for _ in 0..<readerCount {
            let reader = try SQLiteHandle(path: path)
            let statements = SQLiteStatements(handle: reader)
            try await statements.execute("PRAGMA query_only = ON")
            try await statements.execute("PRAGMA cache_size = \(-readerCacheKilobytes)")
            readers.append(reader)
        }
        let storage = SQLiteStorage(connection: connection, readers: readers)
        try await storage.execute { try await SQLMigrations.run(on: $0, dialect: .sqlite) }
        // Start from an empty write-ahead log: pages a migration rewrote leave no older copies in it.
        try await writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // Should the checkpoints' own connection not open, the writer keeps SQLite's own checkpoints.
        if let checkpointer = try? SQLiteCheckpointer(path: path) { connection.handCheckpoints(to: checkpointer) }
        return storage
    }

    /// Creates the database file 0600 when it is missing, and takes read access from others on the
    /// file and its companions when they exist.
    static func restrictToOwner(_ path: String) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: path) {
            guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where files.fileExists(atPath: file) {
            try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
    }

    /// How many read-only connections serve ``read(_:)``.
    static let readerCount = 4

    /// The pages each connection keeps, at most, in kilobytes (SQLite's default is 2 MB). A million
    /// accounts' sessions, tokens and their indexes outgrow 2 MB, and every page read past the cache
    /// is a system call; the cache fills only as pages are read, so a small database uses no more.
    static let writerCacheKilobytes = 32 * 1024
    static let readerCacheKilobytes = 8 * 1024

    /// Closes the database; further use fails.
    public func close() async throws {
        for reader in readers { try await reader.lock.withLock { reader.connection.close() } }
        try await lock.withLock { connection.close() }
    }

    public func read<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        // No BEGIN and COMMIT: each statement sees the last commit on its own, and the reads served
        // here (a session and its user) do not need one view across statements. That halves the hops
        // to SQLite's threads on the busiest path.
        // The first free reader, in order: under light load the first does nearly all the reading,
        // so its cache holds the hot pages and the others' stay small; a read never queues behind a
        // busy reader while another is free. When all are busy, they are waited on in turn.
        for (connection, lock) in readers {
            if let result = try await lock.withLockIfFree({
                try await body(SQLTransaction(connection: SQLiteStatements(handle: connection)))
            }) {
                return result
            }
        }
        let (connection, lock) = readers[nextReader.wrappingAdd(1, ordering: .relaxed).oldValue % readers.count]
        return try await lock.withLock {
            try await body(SQLTransaction(connection: SQLiteStatements(handle: connection)))
        }
    }

    public func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await lock.withLock {
            let statements = SQLiteStatements(handle: connection)
            try await statements.execute(SQLDialect.sqlite.beginTransaction())
            do {
                let result = try await body(SQLTransaction(connection: statements))
                try await statements.execute("COMMIT")
                return result
            } catch {
                try? await statements.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs statements outside any repository, holding the same lock (migrations).
    func execute(_ body: @Sendable (SQLiteStatements) async throws -> Void) async throws {
        try await lock.withLock { try await body(SQLiteStatements(handle: connection)) }
    }

    /// How many times the statements kept on every connection were compiled again.
    var recompilations: Int {
        get async throws {
            var total = try await lock.withLock { connection.recompilations }
            for reader in readers { total += try await reader.lock.withLock { reader.connection.recompilations } }
            return total
        }
    }

    /// The schema versions applied to the file, in order.
    public func schemaVersions() async throws -> [Int] {
        try await lock.withLock { try await SQLMigrations.appliedVersions(on: SQLiteStatements(handle: connection)) }
    }

    public func isHealthy() async -> Bool {
        (try? await lock.withLock { try await SQLiteStatements(handle: connection).query("SELECT 1", []) }) != nil
    }
}

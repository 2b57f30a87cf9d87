import DoorstepSQL
import VaporCSQLite

/// One open SQLite connection that keeps each statement it prepared, so a statement the server runs
/// on every request is compiled once per connection, not once per request.
///
/// Statements run on the calling thread: SQLite answers the server's statements from its page cache
/// in microseconds, and a hop to another thread and back cost more than the statement itself. The
/// connection never waits inside SQLite for a lock another process holds — it is opened without a
/// busy timeout, reports the failure (``SQLiteFailure/isBusy``), and ``SQLiteStatements`` waits
/// asynchronously instead.
///
/// Not thread-safe on its own: ``SQLiteStorage`` holds an `AsyncLock` around every use, so one task
/// at a time uses a handle (SQLite's multi-thread mode allows a connection on any thread as long as
/// no two use it at once). That lock is why the class is `@unchecked Sendable`.
final class SQLiteHandle: @unchecked Sendable {
    private var connection: OpaquePointer?
    private var prepared: [String: OpaquePointer] = [:]
    /// Where this connection's checkpoints go, once ``handCheckpoints(to:)`` has been called.
    private(set) var checkpointer: SQLiteCheckpointer?
    /// Statements kept at most; the server's own are far fewer, and migrations' one-off statements
    /// beyond this are finalized after use.
    static let statementLimit = 256

    /// Opens the database file at `path` (creating it).
    init(path: String) throws(SQLiteFailure) {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        var opened: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite_nio_sqlite3_close(opened)
            throw SQLiteFailure(code: status, message: "cannot open \(path): \(message)")
        }
        connection = opened
        sqlite_nio_sqlite3_extended_result_codes(opened, 1)
    }

    deinit { close() }

    /// Finalizes every kept statement and closes the connection; later use fails.
    func close() {
        if let checkpointer {
            sqlite_nio_sqlite3_wal_hook(connection, nil, nil)
            checkpointer.close()
            self.checkpointer = nil
        }
        for statement in prepared.values { sqlite_nio_sqlite3_finalize(statement) }
        prepared.removeAll()
        sqlite_nio_sqlite3_close_v2(connection)
        connection = nil
    }

    /// Leaves this connection's checkpoints to `checkpointer`: after each commit the log's size goes
    /// to it, and this connection copies the log back itself only past
    /// ``SQLiteCheckpointer/writerTakesOver`` pages. The handle keeps the checkpointer until closed.
    func handCheckpoints(to checkpointer: SQLiteCheckpointer) {
        self.checkpointer = checkpointer
        sqlite_nio_sqlite3_wal_hook(
            connection,
            { context, database, name, pages in
                if pages >= SQLiteCheckpointer.writerTakesOver {
                    sqlite_nio_sqlite3_wal_checkpoint_v2(database, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                } else if let context {
                    Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().logGrew(to: Int(pages))
                }
                return SQLITE_OK
            }, Unmanaged.passUnretained(checkpointer).toOpaque())
    }

    /// Copies what it can of the write-ahead log into the database file without waiting for or
    /// blocking readers and the writer; what it cannot copy now waits for the next time.
    func checkpointPassively() {
        sqlite_nio_sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    /// How many times SQLite compiled a kept statement again (after a schema change, or when a new
    /// binding could change its plan); the server's statements should never need it.
    var recompilations: Int {
        prepared.values.reduce(0) { $0 + Int(sqlite_nio_sqlite3_stmt_status($1, SQLITE_STMTSTATUS_REPREPARE, 0)) }
    }

    /// Runs one statement with `binds` for its `?` marks and returns every row.
    func query(_ sql: String, _ binds: [SQLValue]) throws(SQLiteFailure) -> [SQLRow] {
        let statement = try statement(for: sql)
        // Every mark is bound anew on each use, so bindings are never cleared: clearing them tells
        // SQLite the planner's guesses may be stale, and it would prepare the statement again.
        defer {
            sqlite_nio_sqlite3_reset(statement)
            if prepared[sql] == nil { sqlite_nio_sqlite3_finalize(statement) }
        }
        for (offset, value) in binds.enumerated() {
            try check(bind(value, at: Int32(offset + 1), in: statement))
        }
        let columnCount = sqlite_nio_sqlite3_column_count(statement)
        var columns: [String] = []
        var rows: [SQLRow] = []
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(status) }
            if columns.isEmpty {
                columns = (0..<columnCount).map { String(cString: sqlite_nio_sqlite3_column_name(statement, $0)) }
            }
            rows.append(SQLRow(columns: columns, values: (0..<columnCount).map { value(at: $0, in: statement) }))
        }
    }

    /// The kept statement for `sql`, prepared now if it is new.
    private func statement(for sql: String) throws(SQLiteFailure) -> OpaquePointer {
        if let statement = prepared[sql] { return statement }
        var statement: OpaquePointer?
        let keep = prepared.count < Self.statementLimit
        let flags = keep ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let status = sqlite_nio_sqlite3_prepare_v3(connection, sql, -1, flags, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        if keep { prepared[sql] = statement }
        return statement
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .text(let text):
            return sqlite_nio_sqlite3_bind_text64(
                statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
        case .integer(let integer): return sqlite_nio_sqlite3_bind_int64(statement, index, Int64(integer))
        case .bool(let bool): return sqlite_nio_sqlite3_bind_int64(statement, index, bool ? 1 : 0)
        case .null: return sqlite_nio_sqlite3_bind_null(statement, index)
        }
    }

    private func value(at column: Int32, in statement: OpaquePointer) -> SQLValue {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .integer(Int(sqlite_nio_sqlite3_column_double(statement, column)))
        case SQLITE_TEXT, SQLITE_BLOB:
            // The pointer first, then its length, as SQLite's documentation asks.
            guard let bytes = sqlite_nio_sqlite3_column_blob(statement, column) else { return .text("") }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self))
        default: return .null
        }
    }

    private func check(_ status: Int32) throws(SQLiteFailure) {
        guard status == SQLITE_OK else { throw failure(status) }
    }

    private func failure(_ status: Int32) -> SQLiteFailure {
        SQLiteFailure(code: status, message: String(cString: sqlite_nio_sqlite3_errmsg(connection)))
    }

    /// SQLite copies a bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// What SQLite refused, with its extended result code.
struct SQLiteFailure: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    /// Another connection (another process, such as the command line) holds the lock this needs.
    var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    /// A unique index or primary key refused the row.
    var isUniqueViolation: Bool { code == Self.uniqueFailed || code == Self.primaryKeyFailed }

    /// `SQLITE_CONSTRAINT_UNIQUE` and `SQLITE_CONSTRAINT_PRIMARYKEY`, which C defines by expressions Swift
    /// does not import.
    static let uniqueFailed = SQLITE_CONSTRAINT | (8 << 8)
    static let primaryKeyFailed = SQLITE_CONSTRAINT | (6 << 8)

    var description: String { "SQLite error \(code): \(message)" }
}

import DoorstepServerCore

/// The database a statement is written for, where SQLite and PostgreSQL differ.
public enum SQLDialect: Sendable {
    case sqlite, postgres

    /// The column that keeps rows in insertion order (`ORDER BY …, rowid`): SQLite has one on every
    /// table already; PostgreSQL gets a generated identity column of the same name.
    var rowOrderColumn: String {
        switch self {
        case .sqlite: return ""
        case .postgres: return "rowid BIGINT GENERATED ALWAYS AS IDENTITY,"
        }
    }

    /// Creates the table that records applied migrations, unless it exists.
    var migrationTable: String {
        switch self {
        case .sqlite:
            return """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT DEFAULT CURRENT_TIMESTAMP
                )
                """
        case .postgres:
            return """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ DEFAULT CURRENT_TIMESTAMP
                )
                """
        }
    }

    /// Starts a transaction that writes: SQLite takes its write lock at once, so two writers never
    /// deadlock upgrading a read lock (and runs one at a time, whatever `isolation` says); PostgreSQL
    /// runs it serializable, so two instances deciding on the same rows cannot both act on what they
    /// read (the loser retries), or on a snapshot when the transaction locks what it decides on.
    public func beginTransaction(_ isolation: TransactionIsolation = .serializable) -> String {
        switch (self, isolation) {
        case (.sqlite, _): return "BEGIN IMMEDIATE"
        case (.postgres, .serializable): return "BEGIN ISOLATION LEVEL SERIALIZABLE"
        case (.postgres, .snapshot): return "BEGIN ISOLATION LEVEL REPEATABLE READ"
        }
    }

    /// What a `SELECT` ends with to lock the rows it returns, passing over rows another transaction
    /// holds: nothing on SQLite, whose one writer holds them all.
    var lockingRowsSkippingLocked: String {
        switch self {
        case .sqlite: return ""
        case .postgres: return "FOR UPDATE SKIP LOCKED"
        }
    }
}

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
    /// deadlock upgrading a read lock; PostgreSQL runs it serializable, so two instances deciding on
    /// the same rows cannot both act on what they read (the loser retries).
    public var beginTransaction: String {
        switch self {
        case .sqlite: return "BEGIN IMMEDIATE"
        case .postgres: return "BEGIN ISOLATION LEVEL SERIALIZABLE"
        }
    }
}

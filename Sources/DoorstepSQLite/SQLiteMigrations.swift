import Foundation
import SQLiteNIO

/// Versioned schema changes, applied in order at start-up, each in its own transaction and recorded,
/// so running them twice changes nothing. The SQL sticks to what PostgreSQL also accepts (times are
/// milliseconds since 1970 in BIGINT columns), so a PostgreSQL store can share the schema.
enum SQLiteMigrations {
    struct Migration: Sendable {
        var version: Int
        var name: String
        var statements: [String]
        /// Work SQL alone cannot do, run after the statements in the same transaction.
        var rewrite: (@Sendable (SQLiteConnection) async throws -> Void)? = nil
    }

    static let all: [Migration] = [
        Migration(
            version: 1, name: "accounts, sessions and codes",
            statements: [
                """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    email TEXT UNIQUE,
                    email_verified BOOLEAN NOT NULL,
                    first_name TEXT,
                    last_name TEXT,
                    password_hash TEXT,
                    is_guest BOOLEAN NOT NULL,
                    providers TEXT NOT NULL,
                    avatar_id TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                )
                """,
                """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    last_used_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    revoked_at BIGINT,
                    user_agent TEXT
                )
                """,
                "CREATE INDEX sessions_by_user ON sessions (user_id)",
                """
                CREATE TABLE refresh_tokens (
                    hash TEXT PRIMARY KEY,
                    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
                    created_at BIGINT NOT NULL,
                    rotated_at BIGINT
                )
                """,
                "CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id)",
                """
                CREATE TABLE codes (
                    email TEXT NOT NULL,
                    purpose TEXT NOT NULL,
                    code_hash TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL,
                    attempts INTEGER NOT NULL,
                    PRIMARY KEY (email, purpose)
                )
                """,
                "CREATE TABLE code_sends (email TEXT NOT NULL, sent_at BIGINT NOT NULL)",
                "CREATE INDEX code_sends_by_email ON code_sends (email, sent_at)",
                "CREATE TABLE login_failures (email TEXT NOT NULL, failed_at BIGINT NOT NULL)",
                "CREATE INDEX login_failures_by_email ON login_failures (email, failed_at)",
            ]),
        profileAndGroups,
        moduleStates,
        identities,
        browserSessions,
        secretScrub,
        outbox,
    ]

    /// Applies every migration the database has not seen yet.
    static func run(on storage: SQLiteStorage) async throws {
        try await storage.execute { connection in
            _ = try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT DEFAULT CURRENT_TIMESTAMP
                )
                """,
                [])
            let applied = Set(
                try await connection.query("SELECT version FROM schema_migrations", [])
                    .compactMap { $0.column("version")?.integer.map { Int($0) } })
            for migration in all where !applied.contains(migration.version) {
                _ = try await connection.query("BEGIN IMMEDIATE", [])
                do {
                    for statement in migration.statements { _ = try await connection.query(statement, []) }
                    try await migration.rewrite?(connection)
                    _ = try await connection.query(
                        "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
                        [.integer(migration.version), .text(migration.name)])
                    _ = try await connection.query("COMMIT", [])
                } catch {
                    _ = try? await connection.query("ROLLBACK", [])
                    throw error
                }
            }
        }
    }

    /// The versions applied to the database, in order.
    static func appliedVersions(on storage: SQLiteStorage) async throws -> [Int] {
        try await storage.connection.query("SELECT version FROM schema_migrations ORDER BY version", [])
            .compactMap { $0.column("version")?.integer.map { Int($0) } }
    }
}

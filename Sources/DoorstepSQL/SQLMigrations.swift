import Foundation

/// Versioned schema changes, applied in order at start-up, each in its own transaction and recorded,
/// so running them twice changes nothing. One schema for SQLite and PostgreSQL: times are
/// milliseconds since 1970 in BIGINT columns, JSON documents are text, and the one difference —
/// PostgreSQL has no implicit `rowid` to keep insertion order by — is written by ``SQLDialect``.
public enum SQLMigrations {
    /// One schema change.
    public struct Migration: Sendable {
        public var version: Int
        public var name: String
        var statements: [String]
        /// Work SQL alone cannot do, run after the statements in the same transaction.
        var rewrite: (@Sendable (any SQLConnection) async throws -> Void)? = nil
    }

    /// Every migration, in order, written for `dialect`.
    public static func all(for dialect: SQLDialect) -> [Migration] {
        [
            accounts, profileAndGroups(dialect), moduleStates, identities(dialect), browserSessions,
            secretScrub, outbox(dialect), keys, avatars, passkeys, analytics, dailyFunnels, security, secondFactor,
            webhooks(dialect), audit, sessionDevices, namesAndLanguage, entitlements,
            disabledAccounts, paywallConversion, appAttest, traceParents, coveringWalkIndex(dialect),
            pendingPasswordReset, codeSendClients,
        ]
    }

    /// Version 1: accounts, sessions and codes.
    static let accounts = Migration(
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
        ])
}

extension SQLMigrations {
    /// Applies every migration the database has not seen yet, each in its own transaction. The
    /// caller keeps other processes from migrating at the same time (SQLite's write lock, a
    /// PostgreSQL advisory lock).
    public static func run(on connection: any SQLConnection, dialect: SQLDialect) async throws {
        try await connection.execute(dialect.migrationTable)
        let applied = Set(try await appliedVersions(on: connection))
        for migration in all(for: dialect) where !applied.contains(migration.version) {
            try await connection.execute(dialect.beginTransaction())
            do {
                for statement in migration.statements { try await connection.execute(statement) }
                try await migration.rewrite?(connection)
                try await connection.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
                    [.integer(migration.version), .text(migration.name)])
                try await connection.execute("COMMIT")
            } catch {
                try? await connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The versions applied to the database, in order.
    public static func appliedVersions(on connection: any SQLConnection) async throws -> [Int] {
        try await connection.query("SELECT version FROM schema_migrations ORDER BY version", [])
            .compactMap { $0.integer("version") }
    }
}

extension SQLMigrations {
    /// Version 5: browsers walking flows in the web funnel.
    static let browserSessions = Migration(
        version: 5, name: "browser sessions",
        statements: [
            """
            CREATE TABLE browser_sessions (
                id_hash TEXT PRIMARY KEY,
                state TEXT NOT NULL,
                updated_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX browser_sessions_by_expiry ON browser_sessions (expires_at)",
        ])
}

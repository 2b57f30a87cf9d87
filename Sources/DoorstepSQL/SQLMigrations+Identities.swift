extension SQLMigrations {
    /// Version 4: accounts at Apple and Google linked to users.
    static func identities(_ dialect: SQLDialect) -> Migration {
        Migration(
            version: 4, name: "provider identities",
            statements: [
                """
                CREATE TABLE identities (
                    \(dialect.rowOrderColumn)
                    provider TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    provider_refresh_token TEXT,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (provider, subject)
                )
                """,
                "CREATE INDEX identities_by_user ON identities (user_id)",
            ])
    }
}

extension SQLMigrations {
    /// Version 7: the mail outbox. A mail's content is sealed (base64 text, so PostgreSQL can share
    /// the schema) and removed once the mail is finished.
    static func outbox(_ dialect: SQLDialect) -> Migration {
        Migration(
            version: 7, name: "mail outbox",
            statements: [
                """
                CREATE TABLE mail_outbox (
                    \(dialect.rowOrderColumn)
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL,
                    sealed TEXT,
                    state TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    attempts INTEGER NOT NULL,
                    next_attempt_at BIGINT NOT NULL,
                    leased_until BIGINT,
                    last_error TEXT,
                    finished_at BIGINT
                )
                """,
                "CREATE INDEX mail_outbox_due ON mail_outbox (state, next_attempt_at)",
            ])
    }
}

extension SQLMigrations {
    /// Version 15: webhook endpoints and the queue of deliveries to them. Secrets are sealed (base64
    /// text); a delivery's body is removed once it is finished.
    static func webhooks(_ dialect: SQLDialect) -> Migration {
        Migration(
            version: 15, name: "webhooks",
            statements: [
                """
                CREATE TABLE webhook_endpoints (
                    \(dialect.rowOrderColumn)
                    id TEXT PRIMARY KEY,
                    url TEXT NOT NULL,
                    event_types TEXT NOT NULL,
                    sealed_secret TEXT NOT NULL,
                    previous_sealed_secret TEXT,
                    previous_secret_expires_at BIGINT,
                    created_at BIGINT NOT NULL,
                    failing_since BIGINT,
                    disabled_at BIGINT
                )
                """,
                """
                CREATE TABLE webhook_deliveries (
                    \(dialect.rowOrderColumn)
                    id TEXT PRIMARY KEY,
                    message_id TEXT NOT NULL,
                    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
                    event_type TEXT NOT NULL,
                    payload TEXT,
                    state TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    attempts INTEGER NOT NULL,
                    next_attempt_at BIGINT NOT NULL,
                    leased_until BIGINT,
                    last_error TEXT,
                    finished_at BIGINT
                )
                """,
                "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)",
                "CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at)",
                "CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at)",
            ])
    }
}

extension SQLMigrations {
    /// Version 11: flow events for funnels, append-only. An account's deletion unlinks its events
    /// (they stay, anonymous); old events are dropped by age of receipt.
    static let analytics = Migration(
        version: 11, name: "analytics events",
        statements: [
            """
            CREATE TABLE analytics_events (
                id TEXT PRIMARY KEY,
                install_id TEXT NOT NULL,
                user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
                flow_id TEXT NOT NULL,
                flow_version BIGINT NOT NULL,
                variant TEXT,
                kind TEXT NOT NULL,
                screen TEXT NOT NULL,
                subject TEXT,
                sequence BIGINT NOT NULL,
                happened_at BIGINT NOT NULL,
                received_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX analytics_events_by_flow ON analytics_events (flow_id, happened_at)",
            "CREATE INDEX analytics_events_by_receipt ON analytics_events (received_at)",
        ])
}

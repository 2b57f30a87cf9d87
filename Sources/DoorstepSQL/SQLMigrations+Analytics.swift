extension SQLMigrations {
    /// Version 11: flow events for funnels, append-only. An account's deletion unlinks its events
    /// (they stay, anonymous); old events are dropped by when they happened, through the one index
    /// a funnel reads by too (a second index cost a tenth of the ingest rate).
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
            "CREATE INDEX analytics_events_by_time ON analytics_events (happened_at, flow_id)",
        ])
}

extension SQLMigrations {
    /// Version 16: the audit log, append-only: rows are added and, past the retention, removed —
    /// never changed.
    static let audit = Migration(
        version: 16, name: "audit log",
        statements: [
            """
            CREATE TABLE audit_log (
                id TEXT PRIMARY KEY,
                at BIGINT NOT NULL,
                event TEXT NOT NULL,
                account_id TEXT,
                actor TEXT NOT NULL,
                session_id TEXT,
                request_id TEXT,
                network TEXT,
                detail TEXT
            )
            """,
            "CREATE INDEX audit_log_by_time ON audit_log (at)",
            "CREATE INDEX audit_log_by_account ON audit_log (account_id, at)",
        ])
}

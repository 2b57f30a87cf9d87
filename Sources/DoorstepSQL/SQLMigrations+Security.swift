extension SQLMigrations {
    /// Version 13: when each session last proved who it is (sign-in or re-authentication, for changes
    /// that need a recent sign-in), and the security ledger: dated marks that limits count and replays
    /// are checked against.
    static let security = Migration(
        version: 13, name: "recent sign-in and the security ledger",
        statements: [
            "ALTER TABLE sessions ADD COLUMN authenticated_at BIGINT",
            "UPDATE sessions SET authenticated_at = created_at",
            """
            CREATE TABLE security_ledger (
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                marked_at BIGINT NOT NULL,
                weight BIGINT NOT NULL
            )
            """,
            "CREATE INDEX security_ledger_by_subject ON security_ledger (kind, subject, marked_at)",
            "CREATE INDEX security_ledger_by_age ON security_ledger (kind, marked_at)",
        ])
}

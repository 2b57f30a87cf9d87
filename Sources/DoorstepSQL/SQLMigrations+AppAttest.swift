extension SQLMigrations {
    /// Version 22: keys App Attest vouched for, and the single-use challenges attestations and
    /// assertions answer (kept as hashes).
    static let appAttest = Migration(
        version: 22, name: "App Attest keys and challenges",
        statements: [
            """
            CREATE TABLE app_attest_keys (
                id TEXT PRIMARY KEY,
                app_id TEXT NOT NULL,
                public_key TEXT NOT NULL,
                counter BIGINT NOT NULL,
                receipt TEXT,
                environment TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT
            )
            """,
            """
            CREATE TABLE app_attest_challenges (
                hash TEXT PRIMARY KEY,
                expires_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX app_attest_challenges_by_expiry ON app_attest_challenges (expires_at)",
        ])
}

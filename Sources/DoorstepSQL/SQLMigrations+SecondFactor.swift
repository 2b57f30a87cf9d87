extension SQLMigrations {
    /// Version 14: authenticator apps (TOTP secrets, sealed), their recovery codes (keyed hashes), and
    /// sign-ins waiting for a second factor.
    static let secondFactor = Migration(
        version: 14, name: "second factor",
        statements: [
            """
            CREATE TABLE second_factors (
                user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                sealed_secret TEXT NOT NULL,
                confirmed_at BIGINT,
                last_step BIGINT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE recovery_codes (
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                code_hash TEXT NOT NULL,
                used_at BIGINT,
                PRIMARY KEY (user_id, code_hash)
            )
            """,
            """
            CREATE TABLE second_factor_challenges (
                hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                method TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                attempts BIGINT NOT NULL
            )
            """,
            "CREATE INDEX second_factor_challenges_by_expiry ON second_factor_challenges (expires_at)",
        ])
}

extension SQLMigrations {
    /// Version 25: the password a reset sets once its second factor is proven (its hash, as `users`
    /// keeps it), so that a reset code alone changes nothing on an account with an authenticator app.
    static let pendingPasswordReset = Migration(
        version: 25, name: "passwords a reset sets after its second factor",
        statements: ["ALTER TABLE second_factor_challenges ADD COLUMN pending_password_hash TEXT"])

    /// Version 26: which client asked for each mailed code, as a keyed hash with the address.
    static let codeSendClients = Migration(
        version: 26, name: "the client that asked for each mailed code",
        statements: ["ALTER TABLE code_sends ADD COLUMN client TEXT"])
}

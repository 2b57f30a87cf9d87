extension SQLMigrations {
    /// Version 8: the signing keys access tokens are signed with, and the server's other secrets,
    /// kept in the store so every instance shares them (sealed when a key-encryption key is set).
    static let keys = Migration(
        version: 8, name: "signing keys and server secrets",
        statements: [
            """
            CREATE TABLE signing_keys (
                id TEXT PRIMARY KEY,
                material TEXT NOT NULL,
                sealed BOOLEAN NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE server_secrets (
                name TEXT PRIMARY KEY,
                material TEXT NOT NULL,
                sealed BOOLEAN NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
        ])
}

extension SQLMigrations {
    /// Version 9: profile photos in the database, for servers whose instances share no disk (base64
    /// text, so both databases share the schema).
    static let avatars = Migration(
        version: 9, name: "profile photos",
        statements: [
            """
            CREATE TABLE avatars (
                id TEXT PRIMARY KEY,
                content_type TEXT NOT NULL,
                data TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """
        ])
}

extension SQLMigrations {
    /// Version 10: passkeys, and the single-use challenges of their ceremonies (kept as hashes).
    static let passkeys = Migration(
        version: 10, name: "passkeys",
        statements: [
            """
            CREATE TABLE passkeys (
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                public_key TEXT NOT NULL,
                sign_count BIGINT NOT NULL,
                backup_eligible BOOLEAN NOT NULL,
                backed_up BOOLEAN NOT NULL,
                name TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                last_used_at BIGINT
            )
            """,
            "CREATE INDEX passkeys_by_user ON passkeys (user_id)",
            """
            CREATE TABLE passkey_challenges (
                hash TEXT PRIMARY KEY,
                ceremony TEXT NOT NULL,
                user_id TEXT,
                expires_at BIGINT NOT NULL
            )
            """,
        ])
}

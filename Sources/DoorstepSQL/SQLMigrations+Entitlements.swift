extension SQLMigrations {
    /// Version 19: what accounts bought in the App Store, one row per original transaction.
    static let entitlements = Migration(
        version: 19, name: "App Store entitlements",
        statements: [
            """
            CREATE TABLE entitlements (
                original_transaction_id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                product_id TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                ownership_type TEXT NOT NULL,
                purchased_at BIGINT NOT NULL,
                expires_at BIGINT,
                revoked_at BIGINT,
                signed_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX entitlements_by_user ON entitlements (user_id, purchased_at)",
        ])
}

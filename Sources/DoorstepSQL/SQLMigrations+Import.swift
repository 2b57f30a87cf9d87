extension SQLMigrations {
    /// Version 20: accounts that cannot sign in, as accounts imported disabled from another service are.
    static let disabledAccounts = Migration(
        version: 20, name: "disabled accounts",
        statements: ["ALTER TABLE users ADD COLUMN disabled_at BIGINT"])
}

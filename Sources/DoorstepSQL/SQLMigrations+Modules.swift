extension SQLMigrations {
    /// Version 3: per-user state of app modules, such as the trainer's goals and programs.
    static let moduleStates = Migration(
        version: 3, name: "module states",
        statements: [
            """
            CREATE TABLE module_states (
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                module TEXT NOT NULL,
                state TEXT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, module)
            )
            """
        ])
}

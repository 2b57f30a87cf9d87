extension SQLMigrations {
    /// Version 2: what onboarding leaves behind — consents, flow progress and answers, groups.
    static func profileAndGroups(_ dialect: SQLDialect) -> Migration {
        Migration(
            version: 2, name: "consents, flow progress and answers, groups",
            statements: onboardingTables(dialect) + groupTables(dialect))
    }

    /// Consents, the walk kept for an account, and the answers it submitted.
    private static func onboardingTables(_ dialect: SQLDialect) -> [String] {
        [
            """
            CREATE TABLE consents (
                \(dialect.rowOrderColumn)
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                document TEXT NOT NULL,
                version TEXT NOT NULL,
                accepted_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX consents_by_user ON consents (user_id, accepted_at)",
            """
            CREATE TABLE flow_progress (
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                flow_id TEXT NOT NULL,
                revision INTEGER NOT NULL,
                snapshot TEXT NOT NULL,
                updated_at BIGINT NOT NULL,
                PRIMARY KEY (user_id, flow_id)
            )
            """,
            """
            CREATE TABLE submissions (
                \(dialect.rowOrderColumn)
                id TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                flow_id TEXT NOT NULL,
                flow_version INTEGER NOT NULL,
                answers TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX submissions_by_user_flow ON submissions (user_id, flow_id, created_at)",
        ]
    }

    /// Groups, their members, and the invite codes a group has retired.
    private static func groupTables(_ dialect: SQLDialect) -> [String] {
        [
            """
            CREATE TABLE groups (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                kind TEXT NOT NULL,
                invite_code TEXT NOT NULL UNIQUE,
                created_by TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE group_members (
                \(dialect.rowOrderColumn)
                group_id TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                role TEXT NOT NULL,
                joined_at BIGINT NOT NULL,
                PRIMARY KEY (group_id, user_id)
            )
            """,
            "CREATE INDEX group_members_by_user ON group_members (user_id)",
            """
            CREATE TABLE retired_invite_codes (
                code TEXT PRIMARY KEY,
                group_id TEXT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
                retired_at BIGINT NOT NULL
            )
            """,
        ]
    }
}

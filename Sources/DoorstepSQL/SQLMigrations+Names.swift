extension SQLMigrations {
    /// Version 18: a name kept whole as it was typed, and the language an account reads its mail in.
    static let namesAndLanguage = Migration(
        version: 18, name: "full names and account language",
        statements: [
            "ALTER TABLE users ADD COLUMN full_name TEXT",
            "ALTER TABLE users ADD COLUMN language TEXT",
        ])
}

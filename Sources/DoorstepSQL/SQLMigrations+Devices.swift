extension SQLMigrations {
    /// Version 17: the device each session signed in from, as its app named it (`X-Doorstep-Device`).
    static let sessionDevices = Migration(
        version: 17, name: "session devices",
        statements: [
            "ALTER TABLE sessions ADD COLUMN device_name TEXT",
            "ALTER TABLE sessions ADD COLUMN device_model TEXT",
        ])
}

import DoorstepFlow
import DoorstepServerCore
import Foundation
import SQLiteNIO

extension SQLiteMigrations {
    /// Version 6: removes passwords and one-time codes that earlier releases kept in saved progress and
    /// in the web funnel's browser sessions. With `secure_delete` on, the old bytes are overwritten.
    static let secretScrub = Migration(
        version: 6, name: "scrub secrets from saved progress and browser sessions", statements: [],
        rewrite: { connection in
            let scrubber = StoredSecretScrubber(catalog: try FlowCatalog.bundled())
            try await scrub("flow_progress", column: "snapshot", on: connection, with: scrubber)
            try await scrub("browser_sessions", column: "state", on: connection, with: scrubber)
        })

    private static func scrub(
        _ table: String, column: String, on connection: SQLiteConnection, with scrubber: StoredSecretScrubber
    ) async throws {
        let rows = try await connection.query("SELECT rowid, \(column) FROM \(table)", [])
        for row in rows {
            guard let rowID = row.column("rowid")?.integer, let json = row.column(column)?.string,
                let cleaned = scrubber.scrubbed(Data(json.utf8))
            else { continue }
            _ = try await connection.query(
                "UPDATE \(table) SET \(column) = ? WHERE rowid = ?",
                [.text(String(decoding: cleaned, as: UTF8.self)), .integer(rowID)])
        }
    }
}

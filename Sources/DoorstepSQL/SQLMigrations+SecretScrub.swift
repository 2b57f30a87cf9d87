import DoorstepFlow
import DoorstepServerCore
import Foundation

extension SQLMigrations {
    /// Version 6: removes passwords and one-time codes that earlier releases kept in saved progress and
    /// in the web funnel's browser sessions. With SQLite's `secure_delete` on, the old bytes are
    /// overwritten.
    static let secretScrub = Migration(
        version: 6, name: "scrub secrets from saved progress and browser sessions", statements: [],
        rewrite: { connection in
            let scrubber = StoredSecretScrubber(catalog: try FlowCatalog.bundled())
            for row in try await connection.query("SELECT user_id, flow_id, snapshot FROM flow_progress", []) {
                guard let json = row.document("snapshot"), let cleaned = scrubber.scrubbed(json) else { continue }
                try await connection.execute(
                    "UPDATE flow_progress SET snapshot = ? WHERE user_id = ? AND flow_id = ?",
                    [.document(cleaned), row["user_id"], row["flow_id"]])
            }
            for row in try await connection.query("SELECT id_hash, state FROM browser_sessions", []) {
                guard let json = row.document("state"), let cleaned = scrubber.scrubbed(json) else { continue }
                try await connection.execute(
                    "UPDATE browser_sessions SET state = ? WHERE id_hash = ?", [.document(cleaned), row["id_hash"]])
            }
        })
}

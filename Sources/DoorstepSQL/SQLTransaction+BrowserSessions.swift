import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func browserSession(idHash: String) async throws -> BrowserSessionRecord? {
        guard let row = try await rows("SELECT * FROM browser_sessions WHERE id_hash = ?", [.text(idHash)]).first,
            let state = row.string("state"), let updatedAt = row.date("updated_at"),
            let expiresAt = row.date("expires_at")
        else { return nil }
        return BrowserSessionRecord(idHash: idHash, state: Data(state.utf8), updatedAt: updatedAt, expiresAt: expiresAt)
    }

    public func saveBrowserSession(_ record: BrowserSessionRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO browser_sessions (id_hash, state, updated_at, expires_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (id_hash) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at,
                expires_at = excluded.expires_at
            """,
            [
                .text(record.idHash), .text(String(decoding: record.state, as: UTF8.self)), .time(record.updatedAt),
                .time(record.expiresAt),
            ])
    }

    public func deleteBrowserSession(idHash: String) async throws {
        _ = try await rows("DELETE FROM browser_sessions WHERE id_hash = ?", [.text(idHash)])
    }

    public func deleteBrowserSessions(expiredBefore date: Date) async throws {
        _ = try await rows("DELETE FROM browser_sessions WHERE expires_at < ?", [.time(date)])
    }
}

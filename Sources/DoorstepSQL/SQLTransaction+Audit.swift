import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertAuditEntries(_ entries: [AuditRecord]) async throws {
        for entry in entries {
            _ = try await rows(
                """
                INSERT INTO audit_log (id, at, event, account_id, actor, session_id, request_id, network, detail)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(entry.id.key), .time(entry.at), .text(entry.event), .optional(entry.accountID?.key),
                    .text(entry.actor), .optional(entry.sessionID?.key), .optional(entry.requestID),
                    .optional(entry.network), .optional(entry.detail),
                ])
        }
    }

    public func auditEntries(accountID: UUID?, since date: Date, limit: Int, offset: Int) async throws
        -> [AuditRecord]
    {
        let filter = accountID == nil ? "" : "account_id = ? AND "
        let binds: [SQLValue] =
            (accountID.map { [.text($0.key)] } ?? []) + [.time(date), .integer(limit), .integer(max(0, offset))]
        let found = try await rows(
            "SELECT * FROM audit_log WHERE \(filter)at >= ? ORDER BY at DESC, id LIMIT ? OFFSET ?", binds)
        return found.compactMap { row in
            guard let id = row.uuid("id"), let at = row.date("at"), let event = row.string("event"),
                let actor = row.string("actor")
            else { return nil }
            return AuditRecord(
                id: id, at: at, event: event, accountID: row.uuid("account_id"), actor: actor,
                sessionID: row.uuid("session_id"), requestID: row.string("request_id"), network: row.string("network"),
                detail: row.string("detail"))
        }
    }

    public func deleteAuditEntries(before date: Date) async throws {
        _ = try await rows("DELETE FROM audit_log WHERE at < ?", [.time(date)])
    }
}

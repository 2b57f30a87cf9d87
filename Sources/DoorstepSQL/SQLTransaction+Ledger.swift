import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func mark(_ kind: LedgerKind, subject: String, _ mark: LedgerMark, forgettingBefore: Date) async throws {
        _ = try await rows(
            "DELETE FROM security_ledger WHERE kind = ? AND marked_at < ?",
            [.text(kind.rawValue), .time(forgettingBefore)])
        _ = try await rows(
            "INSERT INTO security_ledger (kind, subject, marked_at, weight) VALUES (?, ?, ?, ?)",
            [.text(kind.rawValue), .text(subject), .time(mark.at), .integer(mark.weight)])
    }

    public func marks(_ kind: LedgerKind, subject: String, since date: Date) async throws -> [LedgerMark] {
        try await rows(
            """
            SELECT marked_at, weight FROM security_ledger WHERE kind = ? AND subject = ? AND marked_at > ?
            ORDER BY marked_at
            """,
            [.text(kind.rawValue), .text(subject), .time(date)]
        ).compactMap { row in
            row.date("marked_at").map { LedgerMark(at: $0, weight: row.integer("weight") ?? 1) }
        }
    }
}

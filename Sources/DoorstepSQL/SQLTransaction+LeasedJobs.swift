import DoorstepServerCore
import Foundation

/// The tables of the durable queues, which share their claim columns (`state`, `next_attempt_at`,
/// `leased_until`, `created_at`).
enum LeasedTable: String {
    case mailOutbox = "mail_outbox"
    case webhookDeliveries = "webhook_deliveries"
}

extension SQLTransaction {
    /// Whether any pending job of `table` is due by `now` and held by no sender.
    func hasClaimableJob(in table: LeasedTable, dueBy now: Date) async throws -> Bool {
        try await !rows(
            """
            SELECT 1 AS due FROM \(table.rawValue)
            WHERE state = 'pending' AND next_attempt_at <= ? AND (leased_until IS NULL OR leased_until <= ?) LIMIT 1
            """, [.time(now), .time(now)]
        ).isEmpty
    }

    /// Takes up to `limit` pending jobs of `table` due by `now` that no other sender holds, oldest
    /// first, and holds them until `leaseUntil`.
    func claimJobs<Job: LeasedJob>(
        in table: LeasedTable, dueBy now: Date, leaseUntil: Date, limit: Int, reading job: (SQLRow) -> Job?
    ) async throws -> [Job] {
        let due = try await rows(
            """
            SELECT * FROM \(table.rawValue)
            WHERE state = 'pending' AND next_attempt_at <= ? AND (leased_until IS NULL OR leased_until <= ?)
            ORDER BY created_at, rowid LIMIT ?
            """, [.time(now), .time(now), .integer(limit)]
        ).compactMap(job)
        for claimed in due {
            _ = try await rows(
                "UPDATE \(table.rawValue) SET leased_until = ? WHERE id = ?",
                [.time(leaseUntil), .text(claimed.id.key)])
        }
        return due.map { $0.leased(until: leaseUntil) }
    }
}

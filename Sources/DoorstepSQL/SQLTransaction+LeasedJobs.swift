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
    /// first, and holds them until `leaseUntil`. On PostgreSQL the rows are locked as they are read
    /// and rows another sender is taking are passed over, so two senders never take one job even when
    /// the claim runs on a snapshot.
    func claimJobs<Job: LeasedJob>(
        in table: LeasedTable, dueBy now: Date, leaseUntil: Date, limit: Int, reading job: (SQLRow) -> Job?
    ) async throws -> [Job] {
        let due = try await rows(
            """
            SELECT * FROM \(table.rawValue)
            WHERE state = 'pending' AND next_attempt_at <= ? AND (leased_until IS NULL OR leased_until <= ?)
            ORDER BY created_at, rowid LIMIT ? \(connection.dialect.lockingRowsSkippingLocked)
            """, [.time(now), .time(now), .integer(limit)]
        ).compactMap(job)
        for claimed in due {
            _ = try await rows(
                "UPDATE \(table.rawValue) SET leased_until = ? WHERE id = ?",
                [.time(leaseUntil), .text(claimed.id.key)])
        }
        return due.map { $0.leased(until: leaseUntil) }
    }

    /// How many jobs of `table` wait and how many failed, and since when the oldest has waited.
    func backlog(of table: LeasedTable) async throws -> OutboxBacklog {
        let row = try await rows(
            """
            SELECT COUNT(*) FILTER (WHERE state = 'pending') AS pending,
                COUNT(*) FILTER (WHERE state = 'failed') AS failed,
                MIN(created_at) FILTER (WHERE state = 'pending') AS oldest
            FROM \(table.rawValue)
            """
        ).first
        return OutboxBacklog(
            pending: Int(row?.integer("pending") ?? 0), failed: Int(row?.integer("failed") ?? 0),
            oldestPendingSince: row?.date("oldest"))
    }
}

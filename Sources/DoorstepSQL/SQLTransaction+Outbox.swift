import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertOutboxMail(_ record: OutboxRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO mail_outbox (id, kind, sealed, state, created_at, attempts, next_attempt_at, leased_until,
                last_error, finished_at, trace_parent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Self.outboxBinds(record))
    }

    public func hasClaimableOutboxMail(dueBy now: Date) async throws -> Bool {
        try await hasClaimableJob(in: .mailOutbox, dueBy: now)
    }

    public func claimOutboxMail(dueBy now: Date, leaseUntil: Date, limit: Int) async throws -> [OutboxRecord] {
        try await claimJobs(
            in: .mailOutbox, dueBy: now, leaseUntil: leaseUntil, limit: limit, reading: Self.outboxRecord)
    }

    public func updateOutboxMail(_ record: OutboxRecord) async throws {
        var binds = Array(Self.outboxBinds(record).dropFirst())
        binds.append(.text(record.id.key))
        _ = try await rows(
            """
            UPDATE mail_outbox SET kind = ?, sealed = ?, state = ?, created_at = ?, attempts = ?, next_attempt_at = ?,
                leased_until = ?, last_error = ?, finished_at = ?, trace_parent = ?
            WHERE id = ?
            """, binds)
    }

    public func outboxBacklog() async throws -> OutboxBacklog {
        try await backlog(of: .mailOutbox)
    }

    static func outboxBinds(_ record: OutboxRecord) -> [SQLValue] {
        [
            .text(record.id.key), .text(record.kind), .optional(record.sealed?.base64EncodedString()),
            .text(record.state.rawValue), .time(record.createdAt), .integer(record.attempts),
            .time(record.nextAttemptAt), .time(record.leasedUntil), SQLValue.optional(record.lastError),
            .time(record.finishedAt), .optional(record.traceParent),
        ]
    }

    static func outboxRecord(_ row: SQLRow) -> OutboxRecord? {
        guard let id = row.uuid("id"), let kind = row.string("kind"),
            let state = row.string("state").flatMap(OutboxRecord.State.init(rawValue:)),
            let createdAt = row.date("created_at"), let nextAttemptAt = row.date("next_attempt_at")
        else { return nil }
        var record = OutboxRecord(id: id, kind: kind, sealed: Data(), createdAt: createdAt)
        record.sealed = row.string("sealed").flatMap { Data(base64Encoded: $0) }
        record.state = state
        record.attempts = Int(row.integer("attempts") ?? 0)
        record.nextAttemptAt = nextAttemptAt
        record.leasedUntil = row.date("leased_until")
        record.lastError = row.string("last_error")
        record.finishedAt = row.date("finished_at")
        record.traceParent = row.string("trace_parent")
        return record
    }
}

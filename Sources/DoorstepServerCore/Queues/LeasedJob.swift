import Foundation

/// A job of a durable queue: pending until done or given up, tried by one sender at a time (the one
/// holding its lease), with its content dropped once it is finished so that nothing it carried (a
/// code, a webhook body) outlives its delivery.
public protocol LeasedJob: Sendable {
    var id: UUID { get }
    /// Waiting for its next attempt: neither done nor given up.
    var isPending: Bool { get }
    /// Given up: refused for good, or still not done when the queue stopped trying.
    var isFailed: Bool { get }
    var createdAt: Date { get }
    var attempts: Int { get set }
    var nextAttemptAt: Date { get set }
    /// A sender holds the job until then; another sender may take it over afterwards.
    var leasedUntil: Date? { get set }
    /// Why the last attempt failed, in words fit for a log (never the content or a credential).
    var lastError: String? { get set }
    var finishedAt: Date? { get set }
    /// Marks the job done or given up at `now` and drops its content.
    mutating func finish(succeeded: Bool, at now: Date)
}

extension LeasedJob {
    /// Whether a sender may take the job at `now`: pending, due, and held by no other sender.
    public func isClaimable(at now: Date) -> Bool {
        isPending && nextAttemptAt <= now && (leasedUntil ?? .distantPast) <= now
    }

    /// What the last attempt came to, as spans name it: `sent`, `retrying` or `failed`.
    public var outcome: String {
        isPending ? "retrying" : isFailed ? "failed" : "sent"
    }

    /// The job as held by a sender until `date`.
    public func leased(until date: Date) -> Self {
        var leased = self
        leased.leasedUntil = date
        return leased
    }
}

extension Collection where Element: LeasedJob {
    /// How many of the jobs wait and how many failed, and since when the oldest has waited.
    var backlog: OutboxBacklog {
        let pending = filter(\.isPending)
        return OutboxBacklog(
            pending: pending.count, failed: count(where: \.isFailed), oldestPendingSince: pending.map(\.createdAt).min()
        )
    }
}

extension OutboxRecord: LeasedJob {
    public var isPending: Bool { state == .pending }
    public var isFailed: Bool { state == .failed }

    public mutating func finish(succeeded: Bool, at now: Date) {
        state = succeeded ? .sent : .failed
        sealed = nil
        leasedUntil = nil
        finishedAt = now
        if succeeded { lastError = nil }
    }
}

extension WebhookDeliveryRecord: LeasedJob {
    public var isPending: Bool { state == .pending }
    public var isFailed: Bool { state == .failed }

    public mutating func finish(succeeded: Bool, at now: Date) {
        state = succeeded ? .sent : .failed
        payload = nil
        leasedUntil = nil
        finishedAt = now
        if succeeded { lastError = nil }
    }
}

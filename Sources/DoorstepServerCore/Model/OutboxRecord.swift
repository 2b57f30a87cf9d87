import Foundation

/// A mail in the outbox: written in the same transaction as the code or invitation it carries, then
/// delivered by the sender, retried while the mail server is away, and finished as sent or failed.
public struct OutboxRecord: Sendable, Hashable {
    /// Where a mail stands.
    public enum State: String, Sendable, Hashable {
        /// Waiting for its next attempt.
        case pending
        /// Handed to the mail server.
        case sent
        /// Given up: refused for good, or still undelivered when the outbox stopped trying.
        case failed
    }

    public var id: UUID
    /// What the mail is, such as `code.signup` or `invitation`; never its content.
    public var kind: String
    /// The mail itself, sealed with the server's mail key; removed once the mail is finished, so no
    /// code outlives its delivery.
    public var sealed: Data?
    public var state: State
    public var createdAt: Date
    public var attempts: Int
    public var nextAttemptAt: Date
    /// A sender holds the mail until then; another sender may take it over afterwards.
    public var leasedUntil: Date?
    /// Why the last attempt failed, without the mail's content or any credential.
    public var lastError: String?
    public var finishedAt: Date?
    /// The W3C `traceparent` of the request that wrote the mail, so its delivery joins that trace.
    public var traceParent: String?

    /// A new pending mail, due at once.
    public init(id: UUID, kind: String, sealed: Data, createdAt: Date, traceParent: String? = nil) {
        self.id = id
        self.kind = kind
        self.sealed = sealed
        self.state = .pending
        self.createdAt = createdAt
        self.attempts = 0
        self.nextAttemptAt = createdAt
        self.leasedUntil = nil
        self.lastError = nil
        self.finishedAt = nil
        self.traceParent = traceParent
    }
}

/// How much waits in a durable queue (mail, webhooks) and how much failed, for health checks and
/// metrics.
public struct OutboxBacklog: Sendable, Hashable {
    public var pending: Int
    public var failed: Int
    /// When the oldest waiting mail was written.
    public var oldestPendingSince: Date?

    /// Creates a backlog.
    public init(pending: Int, failed: Int, oldestPendingSince: Date?) {
        self.pending = pending
        self.failed = failed
        self.oldestPendingSince = oldestPendingSince
    }
}

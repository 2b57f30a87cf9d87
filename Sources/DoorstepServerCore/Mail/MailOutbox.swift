import Foundation
import Logging
import Synchronization
import Tracing

/// How the outbox retries.
public struct OutboxPolicy: Sendable {
    /// When a mail that could not be delivered is tried again, and when it is given up.
    public var retry = RetrySchedule(maximumDelay: 300, lease: 120)
    /// How many mails every instance together sends in an hour; nil for no limit.
    public var budget: OutboundMailBudget? = OutboundMailBudget(perHour: 1_000)
    /// How many one-time codes one client may have mailed, whichever surface asks (the API, the web
    /// funnel, the account pages): what `POST /v1/auth/code` allows a client. nil with rate limits off.
    public var codesPerClient: RateLimiter.Limit? = RateLimiter.Limit(requests: 10, per: 60)

    /// Creates the default policy.
    public init() {}
}

/// The durable outbox: services write each mail in the same transaction as the code or invitation it
/// carries, and a sender hands it to the transport, retrying with exponential back-off while the
/// mail server is away. Several senders (several instances) share the work through leases, so each
/// mail goes once. A finished mail keeps its kind, times and outcome, not its content.
public final class MailOutbox: Sendable {
    let storage: any Storage
    let transport: any Mailer
    let sealer: MailSealer
    let composer: any MailComposer
    let clock: any WallClock
    let random: any RandomSource
    let policy: OutboxPolicy
    let logger: Logger
    let metrics: DoorstepMetrics
    let spans: Spans
    /// Signals the sender that mail is waiting; bursts fold into one signal.
    public let wakeups: AsyncStream<Void>
    private let wakeupSignal: AsyncStream<Void>.Continuation
    /// Passes of ``deliverDue()`` running in this process right now.
    private let passesUnderWay = Atomic<Int>(0)
    /// Counts the codes each client had mailed, for ``OutboxPolicy/codesPerClient``.
    private let codeSenders = RateLimiter()

    /// Creates an outbox.
    public init(
        storage: any Storage, transport: any Mailer, sealer: MailSealer,
        composer: any MailComposer = PlainMailComposer(), clock: any WallClock,
        random: any RandomSource, policy: OutboxPolicy = OutboxPolicy(),
        logger: Logger = Logger(label: "doorstep.mail"), metrics: DoorstepMetrics = .disabled,
        spans: Spans = .off
    ) {
        self.storage = storage
        self.transport = transport
        self.sealer = sealer
        self.composer = composer
        self.clock = clock
        self.random = random
        self.policy = policy
        self.logger = logger
        self.metrics = metrics
        self.spans = spans
        (wakeups, wakeupSignal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Writes a mail of `kind` to `address` into the outbox as part of the caller's transaction; call
    /// ``wake()`` once it has committed.
    /// - Parameters:
    ///   - values: what the mail's words need (`code`, `minutes`, `group`, …).
    ///   - code: the one-time or invite code it carries, which the dev mailbox shows on its own.
    ///   - language: the language of the person it goes to (their account's, else the one their request
    ///     asked for); nil for the composer's own.
    public func enqueue(
        _ kind: MailKind, to address: String, values: [String: String], code: String? = nil, language: String?,
        in store: any OutboxRepository
    ) async throws {
        try limitCodes(of: kind)
        let words = try composer.compose(kind, values: values, language: language)
        let mail = Mail(
            to: address, subject: words.subject, text: words.text, html: words.html, code: code, sentAt: clock.now)
        try await store.insertOutboxMail(
            OutboxRecord(
                id: random.uuid(), kind: kind.rawValue, sealed: try sealer.seal(mail), createdAt: clock.now,
                traceParent: spans.currentTraceParent()))
    }

    /// The one limit on mailing codes per client, whichever surface the request came through: over it,
    /// 429 `rate_limited` before anything is written.
    private func limitCodes(of kind: MailKind) throws {
        guard kind.carriesOneTimeCode, let limit = policy.codesPerClient,
            let client = RequestTrace.current?.clientKey,
            let wait = codeSenders.check(client, limit: limit, now: clock.now)
        else { return }
        throw ServiceError.rateLimited(retryAfter: wait)
    }

    /// Tells the sender that mail is waiting.
    public func wake() {
        wakeupSignal.yield()
    }

    /// Ends ``wakeups``, so a sender waiting on them stops.
    public func finish() {
        wakeupSignal.finish()
    }

    /// One pass: takes the mails that are due and tries each once. Returns how many it tried.
    @discardableResult
    public func deliverDue() async -> Int {
        passesUnderWay.add(1, ordering: .sequentiallyConsistent)
        defer { passesUnderWay.subtract(1, ordering: .sequentiallyConsistent) }
        let now = clock.now
        let claimed = await queue.claimDue(at: now, unreadable: "the outbox could not be read")
        guard let sendable = await withinBudget(claimed, now: now) else { return 0 }
        for record in sendable {
            let finished = await spans.within(
                "mail.deliver", continuing: record.traceParent, kind: .client,
                attributes: ["mail.kind": .string(record.kind), "mail.attempt": .int64(Int64(record.attempts + 1))]
            ) { span in
                let finished = await attempt(record)
                span.attributes["mail.outcome"] = finished.outcome
                if finished.state != .sent { span.setStatus(SpanStatus(code: .error)) }
                return finished
            }
            do {
                // The mail's own row, held by this sender, and a mark added: nothing read decides.
                try await storage.transaction(isolation: .snapshot) { store in
                    try await store.updateOutboxMail(finished)
                    guard policy.budget != nil, finished.state == .sent else { return }
                    try await store.mark(
                        .outboundMail, subject: Self.budgetSubject,
                        LedgerMark(at: finished.finishedAt ?? now, weight: 1),
                        forgettingBefore: now.addingTimeInterval(-OutboundMailBudget.window))
                }
                report(finished)
            } catch {
                logger.error(
                    "a mail's outcome could not be recorded",
                    metadata: ["mail.id": "\(record.id)", "reason": "\(error)"])
            }
        }
        return sendable.count
    }

    static let budgetSubject = "all instances"

    private var queue: LeasedQueue<OutboxRecord> {
        LeasedQueue(
            storage: storage, schedule: policy.retry, logger: logger,
            hasDue: { try await $0.hasClaimableOutboxMail(dueBy: $1) },
            claim: { try await $0.claimOutboxMail(dueBy: $1, leaseUntil: $2, limit: $3) })
    }

    /// The claimed mails the hourly budget lets go now; the rest are put back, untried, until the
    /// budget allows them. Nil when the budget could not be read (everything claimed waits for its lease).
    private func withinBudget(_ claimed: [OutboxRecord], now: Date) async -> [OutboxRecord]? {
        guard let budget = policy.budget, !claimed.isEmpty else { return claimed }
        do {
            let sent = try await storage.read { store in
                try await store.marks(
                    .outboundMail, subject: Self.budgetSubject,
                    since: now.addingTimeInterval(-OutboundMailBudget.window))
            }
            let (send, wait, resumeAt) = budget.split(claimed, sentInLastHour: sent, now: now)
            guard !wait.isEmpty else { return send }
            logger.warning(
                "the hourly mail budget is spent; mail waits",
                metadata: ["waiting": "\(wait.count)", "budget": "\(budget.perHour)"])
            try await storage.transaction { store in
                for var record in wait {
                    record.leasedUntil = nil
                    record.nextAttemptAt = resumeAt
                    try await store.updateOutboxMail(record)
                }
            }
            return send
        } catch {
            logger.error("the mail budget could not be read", metadata: ["reason": "\(error)"])
            return nil
        }
    }

    /// Delivers what is due, then waits (two seconds at most) for the passes this process's sender
    /// has under way, so that the dev mailbox read after a request shows the mail it wrote even when
    /// the sender took that mail first.
    public func deliverDueAndSettle() async {
        await deliverDue()
        for _ in 0..<200 where passesUnderWay.load(ordering: .sequentiallyConsistent) > 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// What is waiting and what has failed.
    public func backlog() async throws -> OutboxBacklog {
        try await storage.read { try await $0.outboxBacklog() }
    }

    private func attempt(_ record: OutboxRecord) async -> OutboxRecord {
        var record = record
        record.attempts += 1
        do {
            guard let sealed = record.sealed else {
                throw MailDeliveryError(isPermanent: true, reason: "the mail's content is gone")
            }
            try await transport.send(try sealer.open(sealed))
            record.finish(succeeded: true, at: clock.now)
            metrics.mailDelivery("sent")
            return record
        } catch {
            let failure =
                error as? MailDeliveryError
                ?? MailDeliveryError(isPermanent: false, reason: "the mail could not be prepared or sent")
            let givenUp = policy.retry.settle(
                &record, failedFor: failure.reason, permanently: failure.isPermanent, at: clock.now)
            metrics.mailDelivery(givenUp ? "failed" : "retrying")
            return record
        }
    }

    /// Logs a failed attempt once it is recorded.
    private func report(_ record: OutboxRecord) {
        guard record.state != .sent else { return }
        queue.reportFailure(
            of: record, what: "a mail", metadata: ["mail.id": "\(record.id)", "mail.kind": "\(record.kind)"])
    }
}

import Foundation
import Logging
import Synchronization

/// Appends audit entries to the database. ``SecurityAudit`` hands entries over without waiting —
/// some events happen inside a transaction, others where a failure must answer at once — and a
/// background writer commits them together, within a second; ``flush()`` writes what waits now
/// (at shutdown, and before a command exits).
public final class AuditTrail: Sendable {
    let storage: any Storage
    let clock: any WallClock
    let random: any RandomSource
    let logger: Logger
    private let waiting = Mutex<[AuditRecord]>([])
    /// At most this many entries wait; beyond it the oldest are dropped with a log line, so a flood
    /// of failed sign-ins cannot grow memory without bound while the database is away.
    static let limit = 10_000

    /// Creates a trail on `storage`.
    public init(
        storage: any Storage, clock: any WallClock, random: any RandomSource,
        logger: Logger = Logger(label: "doorstep.audit")
    ) {
        self.storage = storage
        self.clock = clock
        self.random = random
        self.logger = logger
    }

    /// Hands an entry over for the next write; stamps its id and time.
    public func append(
        _ event: String, account: UUID?, actor: String, session: UUID? = nil, detail: String? = nil
    ) {
        let trace = RequestTrace.current
        let entry = AuditRecord(
            id: random.uuid(), at: clock.now, event: event, accountID: account, actor: actor, sessionID: session,
            requestID: trace?.id, network: trace?.networkPrefix, detail: detail)
        let dropped = waiting.withLock { waiting -> Bool in
            waiting.append(entry)
            guard waiting.count > Self.limit else { return false }
            waiting.removeFirst(waiting.count - Self.limit)
            return true
        }
        if dropped { logger.error("audit entries were dropped: the database is not taking them") }
    }

    /// Writes every waiting entry in one transaction; on failure they wait for the next flush.
    public func flush() async {
        let entries = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        guard !entries.isEmpty else { return }
        do {
            try await storage.transaction { try await $0.insertAuditEntries(entries) }
        } catch {
            waiting.withLock { $0.insert(contentsOf: entries, at: 0) }
            logger.error("audit entries could not be written yet", metadata: ["reason": "\(error)"])
        }
    }

    /// Entries newest first: of one account, or all; since `date`; the first `offset` skipped; at
    /// most `limit`.
    public func entries(account: UUID? = nil, since date: Date, limit: Int = 1_000, offset: Int = 0) async throws
        -> [AuditRecord]
    {
        try await storage.read {
            try await $0.auditEntries(accountID: account, since: date, limit: limit, offset: offset)
        }
    }

    /// Forgets entries older than `retention` seconds.
    public func prune(keeping retention: TimeInterval) async {
        let cutoff = clock.now.addingTimeInterval(-retention)
        do {
            try await storage.transaction { try await $0.deleteAuditEntries(before: cutoff) }
        } catch {
            logger.error("old audit entries could not be pruned", metadata: ["reason": "\(error)"])
        }
    }
}

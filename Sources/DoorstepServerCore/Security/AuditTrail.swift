import Foundation
import Logging
import Synchronization

/// Appends audit entries to the database. ``SecurityAudit`` hands entries over without waiting —
/// some events happen inside a transaction, others where a failure must answer at once — and a
/// background writer commits them together, within a second; ``flush()`` writes what waits now
/// (at shutdown, and before a command exits), and ``entries(account:since:limit:offset:)`` does
/// before it reads, so the audit log shows what happened up to the moment it is read.
public final class AuditTrail: Sendable {
    let storage: any Storage
    let clock: any WallClock
    let random: any RandomSource
    let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var waiting: [AuditRecord] = []
        var writes = WriteQueue()
    }
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
        let dropped = state.withLock { state -> Bool in
            state.waiting.append(entry)
            guard state.waiting.count > Self.limit else { return false }
            state.waiting.removeFirst(state.waiting.count - Self.limit)
            return true
        }
        if dropped { logger.error("audit entries were dropped: the database is not taking them") }
    }

    /// Writes every waiting entry in one transaction, after the flushes asked for before; returns once
    /// they are in the database, or have failed and wait for the next flush.
    public func flush() async {
        let write = state.withLock { state -> Task<Void, Never>? in
            guard !state.waiting.isEmpty else { return state.writes.lastWrite }
            let entries = state.waiting
            state.waiting = []
            return state.writes.start { [self] in await self.write(entries) }
        }
        await write?.value
    }

    private func write(_ entries: [AuditRecord]) async {
        do {
            try await storage.transaction { try await $0.insertAuditEntries(entries) }
        } catch {
            state.withLock { $0.waiting.insert(contentsOf: entries, at: 0) }
            logger.error("audit entries could not be written yet", metadata: ["reason": "\(error)"])
        }
    }

    /// Entries newest first: of one account, or all; since `date`; the first `offset` skipped; at
    /// most `limit`.
    public func entries(account: UUID? = nil, since date: Date, limit: Int = 1_000, offset: Int = 0) async throws
        -> [AuditRecord]
    {
        await flush()
        return try await storage.read {
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

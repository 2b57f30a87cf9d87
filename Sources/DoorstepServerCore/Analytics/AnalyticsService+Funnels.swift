import DoorstepFlow
import Foundation

extension AnalyticsService {
    /// How many reads a funnel report runs side by side: with a database pool smaller than this, the
    /// last waits for the first.
    public static let funnelShares = 1 + InstallHalf.allCases.count

    /// A flow's funnel over `[from, to)` — by default the last 30 days — for one version and variant
    /// when given: the recent walks' raw events in the window, plus the compacted days the window
    /// touches; with, per variant, how many walks reached the flow's paywall and how many of their
    /// accounts bought. The compacted days and the two halves of the recent walks are read and
    /// added up side by side, each on a connection of its own (``funnelShares``).
    public func funnel(flowID: String, from: Date? = nil, to: Date? = nil, version: Int?, variant: String?)
        async throws -> FunnelReport
    {
        guard let flow = catalog.flow(flowID) else { throw ServiceError.notFound }
        // Device times may run up to the clock skew ahead of the server's: by default they count.
        let to = to ?? context.clock.now.addingTimeInterval(policy.clockSkew)
        let from = from ?? context.clock.now.addingTimeInterval(-30 * 86_400)
        guard from < to else { return FunnelReport(flow: flow, tally: FunnelTally()) }
        let chosen = FunnelSelection(version: version, variant: variant)
        let sum = try await withThrowingTaskGroup(of: FunnelPart.self) { group in
            group.addTask { try await compactedDays(flowID: flowID, from: from, to: to, chosen: chosen) }
            for half in InstallHalf.allCases {
                group.addTask {
                    try await recentWalks(flowID: flowID, from: from, to: to, half: half, chosen: chosen)
                }
            }
            var sum = FunnelPart()
            for try await part in group { sum.add(part) }
            return sum
        }
        return FunnelReport(flow: flow, tally: sum.tally, paywall: sum.paywall)
    }

    /// The sum of the compacted days `[from, to)` touches.
    private func compactedDays(flowID: String, from: Date, to: Date, chosen: FunnelSelection) async throws
        -> FunnelPart
    {
        let days = try await storage.read { store in
            try await store.dailyFunnels(
                flowID: flowID, firstDay: DailyFunnelRecord.day(of: from),
                lastDay: DailyFunnelRecord.day(of: to.addingTimeInterval(-0.001)))
        }
        var sum = FunnelPart()
        for day in days where chosen.contains(day.flowVersion, day.variant) {
            sum.tally.add(day.tally)
            sum.paywall[day.variant ?? FunnelReport.control, default: PaywallTally()].add(day.paywall)
        }
        return sum
    }

    /// The tally of one half of the walks not compacted yet, judged as compaction would judge them now.
    private func recentWalks(
        flowID: String, from: Date, to: Date, half: InstallHalf, chosen: FunnelSelection
    ) async throws -> FunnelPart {
        let events = try await storage.read { store in
            try await store.walkEvents(flowID: flowID, from: from, to: to, half: half)
        }
        let recent = events.filter { chosen.contains($0.flowVersion, $0.variant) }
        return FunnelPart(
            tally: FunnelTally(eventsByInstall: recent),
            paywall: try await recentPaywallTallies(flowID: flowID, events: recent))
    }

    /// Folds every walk that has been idle for ``AnalyticsPolicy/compactAfter`` into a tally of the UTC
    /// day it began on (per flow version and variant) and drops its events, `batch` walks a
    /// transaction; then merges each day's tallies into one. Whether a walk reached the flow's paywall
    /// and its account has bought since is judged then, once, and kept as counts. Returns how many
    /// walks were folded. An install that comes back to a compacted walk starts a new one.
    @discardableResult
    public func compact(batch: Int = 2_000) async throws -> Int {
        let cutoff = context.clock.now.addingTimeInterval(-policy.compactAfter)
        var total = 0
        var touched: Set<DayKey> = []
        var cursor: WalkKey?
        while true {
            let (folded, keys, last) = try await storage.transaction { [cursor] store in
                try await fold(walksIdleSince: cutoff, after: cursor, limit: batch, in: store)
            }
            total += folded
            touched.formUnion(keys)
            cursor = last
            if folded < batch { break }
        }
        for key in touched.sorted(by: { ($0.flowID, $0.day) < ($1.flowID, $1.day) }) {
            try await storage.transaction { store in try await merge(key, in: store) }
        }
        return total
    }

    /// Folds up to `limit` idle walks after `walk`; returns how many, the days they were added to, and
    /// the last walk taken, where the next batch goes on from.
    private func fold(walksIdleSince cutoff: Date, after walk: WalkKey?, limit: Int, in store: any StorageTransaction)
        async throws -> (Int, Set<DayKey>, WalkKey?)
    {
        let events = try await store.eventsOfWalks(idleSince: cutoff, after: walk, limit: limit)
        let walks = Dictionary(grouping: events) { WalkKey(of: $0) }.values
        let removed = try await store.deleteEvents(ids: events.map(\.id))
        var days: [DayKey: FunnelTally] = [:]
        var visits: [DayKey: [PaywallVisit]] = [:]
        for walk in walks {
            // Another instance compacting at the same moment took these events first.
            let owned = walk.filter { removed.contains($0.id) }
            guard let first = owned.min(by: { ($0.at, $0.sequence) < ($1.at, $1.sequence) }) else { continue }
            let key = DayKey(
                day: DailyFunnelRecord.day(of: first.at), flowID: first.flowID, flowVersion: first.flowVersion,
                variant: first.variant)
            let steps = owned.map(WalkEvent.init).filter(\.isFunnelStep)
            if !steps.isEmpty { days[key, default: FunnelTally()].add(walk: steps) }
            // The account is kept only as the count it adds to: the day's record names none.
            if let visit = paywallVisit(flowID: first.flowID, walk: steps, userID: Self.account(of: owned)) {
                visits[key, default: []].append(visit)
            }
            try await reportIfAbandoned(owned, in: store)
        }
        for (key, tally) in days {
            let paywall = try await paywallTally(flowID: key.flowID, visits[key] ?? [], in: store)
            try await store.insertDailyFunnel(
                DailyFunnelRecord(
                    id: context.random.uuid(), day: key.day, flowID: key.flowID, flowVersion: key.flowVersion,
                    variant: key.variant, tally: tally, paywall: paywall))
        }
        return (walks.count, Set(days.keys), events.last.map(WalkKey.init(of:)))
    }

    /// Reports a walk folded without finishing as `flow.abandoned`, with the screen it stopped on, in
    /// the transaction that folds it: each walk is folded once, so it is reported once.
    private func reportIfAbandoned(_ walk: [AnalyticsEventRecord], in store: any StorageTransaction) async throws {
        guard !walk.contains(where: { $0.kind == .completed }),
            let first = walk.min(by: { ($0.at, $0.sequence) < ($1.at, $1.sequence) }),
            let last = walk.max(by: { ($0.at, $0.sequence) < ($1.at, $1.sequence) })
        else { return }
        var data: [String: Value] = [
            "flowId": .string(last.flowID), "flowVersion": .int(last.flowVersion), "lastScreen": .string(last.screen),
            "installId": .string(last.installID), "startedAt": .string(first.at.formatted(.iso8601)),
            "lastSeenAt": .string(last.at.formatted(.iso8601)),
        ]
        if let variant = last.variant { data["variant"] = .string(variant) }
        if let user = walk.compactMap(\.userID).last { data["userId"] = .id(user) }
        try await context.webhooks.enqueue(.flowAbandoned, data, in: store)
    }

    /// Replaces a day's records of one version and variant with their sum. Records another instance
    /// removed first are left to it, so nothing is counted twice.
    private func merge(_ key: DayKey, in store: any StorageTransaction) async throws {
        let records = try await store.dailyFunnels(flowID: key.flowID, firstDay: key.day, lastDay: key.day)
            .filter { $0.flowVersion == key.flowVersion && $0.variant == key.variant }
        guard records.count > 1 else { return }
        let removed = try await store.deleteDailyFunnels(ids: records.map(\.id))
        var sum = FunnelTally()
        var paywall = PaywallTally()
        for record in records where removed.contains(record.id) {
            sum.add(record.tally)
            paywall.add(record.paywall)
        }
        try await store.insertDailyFunnel(
            DailyFunnelRecord(
                id: context.random.uuid(), day: key.day, flowID: key.flowID, flowVersion: key.flowVersion,
                variant: key.variant, tally: sum, paywall: paywall))
    }

    /// Forgets events that happened longer ago than the retention (walks still going after all that
    /// time; others were compacted long before).
    public func prune() async throws {
        let cutoff = context.clock.now.addingTimeInterval(-policy.retention)
        try await storage.transaction { try await $0.deleteEvents(happenedBefore: cutoff) }
    }

    /// The version and variant a report is about; nil for all.
    private struct FunnelSelection: Sendable {
        let version: Int?
        let variant: String?

        func contains(_ eventVersion: Int, _ eventVariant: String?) -> Bool {
            (version == nil || eventVersion == version)
                && (variant == nil || (eventVariant ?? FunnelReport.control) == variant)
        }
    }

    /// What a share of the walks adds to a report: the compacted days, or a half of the recent walks.
    private struct FunnelPart: Sendable {
        var tally = FunnelTally()
        var paywall: [String: PaywallTally] = [:]

        mutating func add(_ other: FunnelPart) {
            tally.add(other.tally)
            paywall.merge(other.paywall) { mine, theirs in
                var sum = mine
                sum.add(theirs)
                return sum
            }
        }
    }

    private struct DayKey: Hashable {
        let day: String
        let flowID: String
        let flowVersion: Int
        let variant: String?
    }
}

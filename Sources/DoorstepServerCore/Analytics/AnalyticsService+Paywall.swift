import DoorstepFlow
import Foundation

extension AnalyticsService {
    /// A walk that reached its flow's paywall: when it was first shown it, and the account the walk's
    /// events were linked to, if any.
    struct PaywallVisit: Sendable {
        let shownAt: Date
        let userID: UUID?
    }

    /// The walk's visit to its flow's paywall, if it made one.
    func paywallVisit(flowID: String, walk: [WalkEvent], userID: UUID?) -> PaywallVisit? {
        guard let shownAt = places[flowID]?.paywall?.firstShown(in: walk) else { return nil }
        return PaywallVisit(shownAt: shownAt, userID: userID)
    }

    /// The account a walk is linked to: the one its latest linked event names.
    static func account(of walk: [AnalyticsEventRecord]) -> UUID? {
        walk.sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }.compactMap(\.userID).last
    }

    /// Counts the visits as they stand now: each reached the paywall; one converted when its account
    /// holds a purchase from the paywall made since it was first shown (less the clock skew a device's
    /// time may be off by). A walk without an account never converts: nothing ties it to a purchase.
    func paywallTally(flowID: String, _ visits: [PaywallVisit], in store: any StorageTransaction) async throws
        -> PaywallTally
    {
        guard let paywall = places[flowID]?.paywall else { return PaywallTally() }
        var tally = PaywallTally()
        var held: [UUID: [EntitlementRecord]] = [:]
        for visit in visits {
            tally.reached += 1
            guard let userID = visit.userID else { continue }
            if held[userID] == nil { held[userID] = try await store.entitlements(userID: userID) }
            let entitlements = held[userID] ?? []
            let since = visit.shownAt.addingTimeInterval(-policy.clockSkew)
            if entitlements.contains(where: { paywall.isConversion($0, since: since) }) { tally.converted += 1 }
        }
        return tally
    }

    /// The paywall tallies, by variant name, of walks not compacted yet: `events` ordered by install,
    /// as a funnel reads them. Empty for a flow without a paywall.
    func recentPaywallTallies(flowID: String, events: [WalkEvent]) async throws -> [String: PaywallTally] {
        guard places[flowID]?.paywall != nil else { return [:] }
        var shown: [(installID: String, variant: String, shownAt: Date)] = []
        var start = events.startIndex
        while start < events.endIndex {
            let installID = events[start].installID
            var end = start + 1
            while end < events.endIndex, events[end].installID == installID { end += 1 }
            let walk = Array(events[start..<end])
            if let visit = paywallVisit(flowID: flowID, walk: walk, userID: nil) {
                let first = walk.min { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
                shown.append((installID, first?.variant ?? FunnelReport.control, visit.shownAt))
            }
            start = end
        }
        guard !shown.isEmpty else { return [:] }
        return try await storage.read { [shown] store in
            let accounts = try await store.walkAccounts(flowID: flowID, installIDs: shown.map(\.installID))
            let byVariant = Dictionary(grouping: shown, by: \.variant)
            var tallies: [String: PaywallTally] = [:]
            for (variant, walks) in byVariant {
                let visits = walks.map { PaywallVisit(shownAt: $0.shownAt, userID: accounts[$0.installID]) }
                tallies[variant] = try await paywallTally(flowID: flowID, visits, in: store)
            }
            return tallies
        }
    }
}

import Foundation

extension MemoryTransaction {
    func insertEvents(_ events: [AnalyticsEventRecord]) async throws -> Set<UUID> {
        state.withLock { state in
            var inserted = Set<UUID>()
            for event in events where state.events[event.id] == nil {
                state.events[event.id] = event
                inserted.insert(event.id)
            }
            return inserted
        }
    }

    func events(flowID: String, from: Date, to: Date) async throws -> [AnalyticsEventRecord] {
        state.withLock { state in
            state.events.values.filter { $0.flowID == flowID && $0.at >= from && $0.at < to }
        }
    }

    func walkEvents(flowID: String, from: Date, to: Date, half: InstallHalf) async throws -> [WalkEvent] {
        try await events(flowID: flowID, from: from, to: to)
            .filter { ($0.installID < InstallHalf.boundary) == (half == .belowBoundary) }
            .map(WalkEvent.init).filter(\.isFunnelStep).sorted { $0.installID < $1.installID }
    }

    func walkAccounts(flowID: String, installIDs: [String]) async throws -> [String: UUID] {
        let wanted = Set(installIDs)
        return state.withLock { state in
            let linked = state.events.values.filter { $0.flowID == flowID && wanted.contains($0.installID) }
                .filter { $0.userID != nil }.sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
            var accounts: [String: UUID] = [:]
            for event in linked { accounts[event.installID] = event.userID }
            return accounts
        }
    }

    func deleteEvents(happenedBefore date: Date) async throws {
        state.withLock { state in state.events = state.events.filter { $0.value.at >= date } }
    }

    func eventsOfWalks(idleSince cutoff: Date, after walk: WalkKey?, limit: Int) async throws
        -> [AnalyticsEventRecord]
    {
        state.withLock { state in
            Dictionary(grouping: state.events.values) { WalkKey(of: $0) }
                .filter { key, events in walk.map { key > $0 } ?? true && events.allSatisfy { $0.at < cutoff } }
                .sorted { $0.key < $1.key }.prefix(limit).flatMap(\.value)
        }
    }

    func deleteEvents(ids: [UUID]) async throws -> Set<UUID> {
        state.withLock { state in
            Set(ids.filter { state.events.removeValue(forKey: $0) != nil })
        }
    }

    func dailyFunnels(flowID: String, firstDay: String, lastDay: String) async throws -> [DailyFunnelRecord] {
        state.withLock { state in
            state.dailyFunnels.values.filter { $0.flowID == flowID && $0.day >= firstDay && $0.day <= lastDay }
        }
    }

    func insertDailyFunnel(_ record: DailyFunnelRecord) async throws {
        state.withLock { $0.dailyFunnels[record.id] = record }
    }

    func deleteDailyFunnels(ids: [UUID]) async throws -> Set<UUID> {
        state.withLock { state in
            Set(ids.filter { state.dailyFunnels.removeValue(forKey: $0) != nil })
        }
    }
}

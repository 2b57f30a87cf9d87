import Foundation

extension MemoryTransaction {
    func insertEvents(_ events: [AnalyticsEventRecord]) async throws -> Int {
        state.withLock { state in
            var inserted = 0
            for event in events where state.events[event.id] == nil {
                state.events[event.id] = event
                inserted += 1
            }
            return inserted
        }
    }

    func events(flowID: String, from: Date, to: Date) async throws -> [AnalyticsEventRecord] {
        state.withLock { state in
            state.events.values.filter { $0.flowID == flowID && $0.at >= from && $0.at < to }
        }
    }

    func deleteEvents(happenedBefore date: Date) async throws {
        state.withLock { state in state.events = state.events.filter { $0.value.at >= date } }
    }

    func eventsOfWalks(idleSince cutoff: Date, limit: Int) async throws -> [AnalyticsEventRecord] {
        state.withLock { state in
            let walks = Dictionary(grouping: state.events.values) { [$0.flowID, $0.installID] }
            return walks.values.filter { walk in walk.allSatisfy { $0.at < cutoff } }.prefix(limit).flatMap { $0 }
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
}

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
}

/// Writes the events of many requests in one transaction. While a transaction runs, the batches that
/// arrive wait; the next transaction takes them all (up to ``largestGroup`` events). Under load one
/// commit then carries many requests' events, so the database's single writer is paid per group
/// rather than per request; each request still answers only after its events are committed.
actor EventWriter {
    private struct Waiting {
        let events: [AnalyticsEventRecord]
        let continuation: CheckedContinuation<Int, any Error>
    }

    private let storage: any Storage
    private var waiting: [Waiting] = []
    private var isWriting = false
    /// The most events one transaction takes, so no commit grows without bound.
    static let largestGroup = 5_000

    init(storage: any Storage) {
        self.storage = storage
    }

    /// Stores the events whose ids are new, with whatever else is waiting; returns how many of these
    /// were new (an id sent twice at once counts once, for the request that came first).
    func write(_ events: [AnalyticsEventRecord]) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(events: events, continuation: continuation))
            guard !isWriting else { return }
            isWriting = true
            Task { await drain() }
        }
    }

    private func drain() async {
        while !waiting.isEmpty {
            var count = 0
            let taken = waiting.prefix { next in
                defer { count += next.events.count }
                return count == 0 || count + next.events.count <= Self.largestGroup
            }
            waiting.removeFirst(taken.count)
            let events = taken.flatMap(\.events)
            do {
                let inserted = try await storage.transaction { try await $0.insertEvents(events) }
                var unclaimed = inserted
                for request in taken {
                    let mine = request.events.filter { unclaimed.remove($0.id) != nil }
                    request.continuation.resume(returning: mine.count)
                }
            } catch {
                for request in taken { request.continuation.resume(throwing: error) }
            }
        }
        isWriting = false
    }
}

import Synchronization

/// Reads by key that travel together: a read asked while as many statements as allowed are on their
/// way waits for the next one, which carries every read asked meanwhile. Each read takes the answer for
/// its own key only.
///
/// A read is never answered by a statement sent before it was asked, so it sees every commit made
/// before it was asked, as a statement of its own would: a session ended a moment ago is read as
/// ended. When a statement fails, every read it carried fails with its error; the next one is sent
/// all the same.
///
/// Statements run in tasks of their own, so a request that goes away while its read is on its way
/// cancels nothing the others wait for.
final class BatchedReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Reads the values of some keys, each at most once; a key with no value is left out.
    typealias Fetch = @Sendable ([Key]) async throws -> [Key: Value]

    private let fetch: Fetch
    private let statementsAtOnce: Int
    private let keysPerStatement: Int
    private let state = Mutex(State())

    private struct Read {
        let key: Key
        let continuation: CheckedContinuation<Value?, any Error>
    }

    private struct State {
        var waiting: [Read] = []
        var statementsOnTheirWay = 0

        /// The oldest reads waiting, as many as one statement carries.
        mutating func nextStatement(_ limit: Int) -> [Read] {
            let taken = Array(waiting.prefix(limit))
            waiting.removeFirst(taken.count)
            return taken
        }
    }

    /// - Parameters:
    ///   - statementsAtOnce: how many statements may be on their way at the same time, at least one.
    ///   - keysPerStatement: the most reads one statement carries, at least one.
    init(statementsAtOnce: Int, keysPerStatement: Int, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.statementsAtOnce = max(1, statementsAtOnce)
        self.keysPerStatement = max(1, keysPerStatement)
    }

    /// The value of `key`, read by the next statement to go, or `nil` when it has none.
    func value(for key: Key) async throws -> Value? {
        try await withCheckedThrowingContinuation { continuation in
            let statement = state.withLock { state -> [Read]? in
                state.waiting.append(Read(key: key, continuation: continuation))
                guard state.statementsOnTheirWay < statementsAtOnce else { return nil }
                state.statementsOnTheirWay += 1
                return state.nextStatement(keysPerStatement)
            }
            if let statement { Task { await self.send(statement) } }
        }
    }

    /// How many reads wait for a statement.
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Sends `statement`, answers its reads, then sends the reads that gathered meanwhile until none wait.
    private func send(_ statement: [Read]) async {
        var reads = statement
        while true {
            var keys: [Key] = []
            var seen: Set<Key> = []
            for read in reads where seen.insert(read.key).inserted { keys.append(read.key) }
            do {
                let values = try await fetch(keys)
                for read in reads { read.continuation.resume(returning: values[read.key]) }
            } catch {
                for read in reads { read.continuation.resume(throwing: error) }
            }
            let next = state.withLock { state -> [Read]? in
                guard !state.waiting.isEmpty else {
                    state.statementsOnTheirWay -= 1
                    return nil
                }
                return state.nextStatement(keysPerStatement)
            }
            guard let next else { return }
            reads = next
        }
    }
}

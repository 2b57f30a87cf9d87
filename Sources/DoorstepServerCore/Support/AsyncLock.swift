/// A lock that async work can hold across suspension points, granted in the order it was asked for.
/// Transactions hold it so that no other transaction's statements interleave with theirs.
public actor AsyncLock {
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an unlocked lock.
    public init() {}

    private func lock() async {
        guard isLocked else {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func unlock() {
        if waiters.isEmpty {
            isLocked = false
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` while holding the lock.
    public nonisolated func withLock<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        await lock()
        do {
            let result = try await body()
            await unlock()
            return result
        } catch {
            await unlock()
            throw error
        }
    }
}

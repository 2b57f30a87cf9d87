import Synchronization

/// A lock that async work can hold across suspension points, granted in the order it was asked for.
/// Transactions hold it so that no other transaction's statements interleave with theirs.
///
/// Taking a free lock and giving it back touch a mutex and nothing else — no hop to another executor —
/// so the lock costs next to nothing on the paths where it is almost never contended (a database
/// connection's reads); a task that finds it held waits without blocking its thread.
public final class AsyncLock: Sendable {
    private let state = Mutex(State())

    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Creates an unlocked lock.
    public init() {}

    /// Takes the lock if it is free; `false`, without waiting, if it is not.
    private func tryLock() -> Bool {
        state.withLock { state -> Bool in
            guard !state.isLocked else { return false }
            state.isLocked = true
            return true
        }
    }

    private func lock() async {
        if tryLock() { return }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                // Given back between the first look and now: take it.
                guard state.isLocked else {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func unlock() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isLocked = false
                return nil
            }
            // The lock passes straight to the first waiter: it stays locked.
            return state.waiters.removeFirst()
        }
        next?.resume()
    }

    /// Runs `body` holding the lock when it is free at once; `nil`, without waiting, when it is not.
    public func withLockIfFree<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result? {
        guard tryLock() else { return nil }
        defer { unlock() }
        return try await body()
    }

    /// Runs `body` while holding the lock.
    public func withLock<Result: Sendable>(
        _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        await lock()
        defer { unlock() }
        return try await body()
    }
}

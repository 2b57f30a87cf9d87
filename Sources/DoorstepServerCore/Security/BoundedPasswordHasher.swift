import Foundation
import Synchronization

/// Admission control for password hashing that keeps the hashing threads busy and the queue honest.
/// As many hashes run as there are `workers`; the rest wait in order. A request that cannot start
/// within `maximumWait` is refused with 429 `rate_limited` and a `Retry-After` computed from the
/// queue — after having waited, so a client that retries at once cannot make the server spin on
/// refusals. Refusing costs a timer and a counter: no hashing, no storage. The wait and the work are
/// each a span: `password.queue`, then `password.hash` or `password.verify`.
public struct BoundedPasswordHasher: PasswordHasher {
    let wrapped: any PasswordHasher
    let gate: HashingGate
    let spans: Spans

    /// Wraps `hasher`.
    /// - Parameters:
    ///   - workers: hashes that run at once; the hashing threads.
    ///   - maximumWait: how long a request may wait for its turn.
    ///   - maximumQueue: how many may wait; beyond it a request waits out `maximumWait` and is refused.
    ///   - metrics: where the places in use, the queue and the refusals are reported.
    ///   - clock: what waits are measured on; tests pass one they move by hand.
    ///   - spans: where the wait and the work are recorded.
    public init<C: Clock>(
        _ hasher: any PasswordHasher, workers: Int, maximumWait: Duration = .seconds(2), maximumQueue: Int = 1_024,
        metrics: DoorstepMetrics = .disabled, clock: C, spans: Spans = .off
    ) where C.Duration == Duration {
        self.wrapped = hasher
        self.spans = spans
        let origin = clock.now
        self.gate = HashingGate(
            workers: max(1, workers), maximumWait: maximumWait, maximumQueue: max(0, maximumQueue), metrics: metrics,
            elapsed: { origin.duration(to: clock.now) }, sleep: { try await clock.sleep(for: $0) })
    }

    /// Wraps `hasher`, measuring waits on the system's continuous clock.
    public init(
        _ hasher: any PasswordHasher, workers: Int, maximumWait: Duration = .seconds(2), maximumQueue: Int = 1_024,
        metrics: DoorstepMetrics = .disabled, spans: Spans = .off
    ) {
        self.init(
            hasher, workers: workers, maximumWait: maximumWait, maximumQueue: maximumQueue, metrics: metrics,
            clock: ContinuousClock(), spans: spans)
    }

    /// How many requests were refused since the server started.
    public var refusals: Int { gate.refusals }

    public func hash(_ secret: String) async throws -> String {
        try await whenAdmitted { try await spans.withinTrace("password.hash") { try await wrapped.hash(secret) } }
    }

    public func verify(_ secret: String, against hash: String) async throws -> Bool {
        try await whenAdmitted {
            try await spans.withinTrace("password.verify") { try await wrapped.verify(secret, against: hash) }
        }
    }

    public func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) async throws
        -> Bool
    {
        try await whenAdmitted {
            try await spans.withinTrace("password.verify") {
                try await wrapped.verify(password, imported: imported, firebase: firebase)
            }
        }
    }

    public func whenAdmitted<Result>(_ work: () async throws -> Result) async throws -> Result {
        // A hash asked for inside `work` uses the place `work` already holds.
        if Self.heldGate == ObjectIdentifier(gate) { return try await work() }
        try await spans.withinTrace("password.queue") { try await gate.enter() }
        let started = gate.elapsed()
        defer { gate.leave(after: gate.elapsed() - started) }
        return try await Self.$heldGate.withValue(ObjectIdentifier(gate)) { try await work() }
    }

    /// The gate whose place the current task holds, if any.
    @TaskLocal private static var heldGate: ObjectIdentifier?
}

/// The places and the queue of one hasher, shared by its copies.
final class HashingGate: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var queue: [Waiter] = []
        var head = 0
        var nextID: UInt64 = 0
        /// A moving average of how long one hash takes, in seconds, for `Retry-After`.
        var hashSeconds = 0.25
        var refusals = 0

        var waiting: Int { queue.count - head }

        mutating func popFirst() -> Waiter? {
            guard head < queue.count else { return nil }
            defer {
                head += 1
                if head > 64, head * 2 > queue.count {
                    queue.removeFirst(head)
                    head = 0
                }
            }
            return queue[head]
        }

        mutating func remove(_ id: UInt64) -> Waiter? {
            guard let index = queue[head...].firstIndex(where: { $0.id == id }) else { return nil }
            return queue.remove(at: index)
        }
    }

    let workers: Int
    let maximumWait: Duration
    let maximumQueue: Int
    let metrics: DoorstepMetrics
    /// Time since the gate was made, on its clock.
    let elapsed: @Sendable () -> Duration
    /// Waits `duration` on the gate's clock.
    let sleep: @Sendable (Duration) async throws -> Void
    private let state = Mutex(State())

    init(
        workers: Int, maximumWait: Duration, maximumQueue: Int, metrics: DoorstepMetrics,
        elapsed: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.workers = workers
        self.maximumWait = maximumWait
        self.maximumQueue = maximumQueue
        self.metrics = metrics
        self.elapsed = elapsed
        self.sleep = sleep
        metrics.hashing(running: 0, waiting: 0, workers: workers, queueLimit: maximumQueue)
    }

    /// Reports the places in use and the queue, after a change.
    private func report() {
        let (running, waiting) = state.withLock { ($0.running, $0.waiting) }
        metrics.hashing(running: running, waiting: waiting, workers: workers, queueLimit: maximumQueue)
    }

    var refusals: Int { state.withLock { $0.refusals } }

    /// Takes a place: at once when one is free, else in turn within `maximumWait`, else refused.
    func enter() async throws {
        enum Entry {
            case admitted
            case queued(UInt64)
            case full
        }
        let entry = state.withLock { state -> Entry in
            if state.running < workers, state.waiting == 0 {
                state.running += 1
                return .admitted
            }
            guard state.waiting < maximumQueue else { return .full }
            state.nextID += 1
            return .queued(state.nextID)
        }
        switch entry {
        case .admitted:
            report()
            return
        case .full:
            try? await sleep(maximumWait)
            throw refusal()
        case .queued(let id):
            try await wait(id)
        }
    }

    private func wait(_ id: UInt64) async throws {
        // The time limit starts once the request is in the queue, so it always finds it there.
        let timeout = Mutex<Task<Void, Never>?>(nil)
        defer { timeout.withLock { $0?.cancel() } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let admitted = state.withLock { state -> Bool in
                    // A place may have freed while this request was getting ready to wait.
                    if state.running < workers, state.waiting == 0 {
                        state.running += 1
                        return true
                    }
                    state.queue.append(Waiter(id: id, continuation: continuation))
                    return false
                }
                report()
                if admitted {
                    continuation.resume()
                } else {
                    timeout.withLock { timer in
                        timer = Task { [maximumWait, sleep] in
                            do { try await sleep(maximumWait) } catch { return }
                            self.expire(id)
                        }
                    }
                }
            }
        } onCancel: {
            state.withLock { $0.remove(id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Refuses a request still waiting when its time is up.
    private func expire(_ id: UInt64) {
        guard let waiter = state.withLock({ $0.remove(id) }) else { return }
        report()
        waiter.continuation.resume(throwing: refusal())
    }

    /// Hands the place to the next in line, or frees it; learns how long a hash takes.
    func leave(after duration: Duration) {
        let seconds = duration.inSeconds
        let next = state.withLock { state -> Waiter? in
            state.hashSeconds = state.hashSeconds * 0.9 + seconds * 0.1
            if let next = state.popFirst() { return next }
            state.running -= 1
            return nil
        }
        report()
        next?.continuation.resume()
    }

    /// A refusal with the time the queue needs to drain: those waiting, a hash each, over the workers.
    private func refusal() -> HashingBusy {
        let retryAfter = state.withLock { state -> Int in
            state.refusals += 1
            return Int((Double(state.waiting + 1) * state.hashSeconds / Double(workers)).rounded(.up))
        }
        metrics.hashingShed()
        return HashingBusy(retryAfter: max(1, retryAfter))
    }
}

/// Every hashing place stayed taken for as long as a request may wait. On the wire it is 429
/// `rate_limited` with `Retry-After`, and the web funnel gives its flows the same code and words.
public struct HashingBusy: Error, Sendable, Equatable {
    /// Seconds after which the queue should have room.
    public let retryAfter: Int

    /// The error as the HTTP contract states it.
    public var serviceError: ServiceError {
        ServiceError(
            status: 429, code: .rateLimited, detail: "Many people are signing in right now. Try again in a moment.",
            retryAfter: retryAfter)
    }
}

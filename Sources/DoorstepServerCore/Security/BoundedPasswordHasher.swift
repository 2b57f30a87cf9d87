import Synchronization

/// Admission control for password hashing: at most `capacity` hashes run or wait at once; one more
/// is refused at once with 429 `rate_limited` and `Retry-After`, instead of joining a queue whose
/// wait would grow without bound when a crowd signs in together. With twice as many places as
/// hashing threads, an admitted request waits for at most one hash ahead of it per thread, so its
/// latency stays within about three hash times however many people are trying.
public struct BoundedPasswordHasher: PasswordHasher {
    let wrapped: any PasswordHasher
    /// How many hashes may run or wait at once.
    public let capacity: Int
    private let inFlight = InFlightCounter()

    /// Wraps `hasher`, admitting at most `capacity` hashes at once.
    public init(_ hasher: any PasswordHasher, capacity: Int) {
        self.wrapped = hasher
        self.capacity = max(1, capacity)
    }

    /// The answer for a request that found every place taken.
    public static let busy = ServiceError(
        status: 429, code: .rateLimited, detail: "Many people are signing in right now. Try again in a moment.",
        retryAfter: 1)

    public func hash(_ secret: String) async throws -> String {
        try await admitted { try await wrapped.hash(secret) }
    }

    public func verify(_ secret: String, against hash: String) async throws -> Bool {
        try await admitted { try await wrapped.verify(secret, against: hash) }
    }

    private func admitted<Result>(_ work: () async throws -> Result) async throws -> Result {
        guard inFlight.enter(below: capacity) else { throw Self.busy }
        defer { inFlight.leave() }
        return try await work()
    }
}

/// A count of hashes under way, shared by copies of one hasher.
final class InFlightCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Takes a place if fewer than `limit` are taken.
    func enter(below limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func leave() {
        count.subtract(1, ordering: .releasing)
    }
}

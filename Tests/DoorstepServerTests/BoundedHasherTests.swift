import DoorstepServerCore
import DoorstepTestSupport
import Synchronization
import Testing

/// A hasher whose hashes finish only when the test lets them.
final class HeldHasher: PasswordHasher {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])

    var held: Int { waiting.withLock { $0.count } }

    func hash(_ secret: String) async throws -> String {
        await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } }
        return "hash:" + secret
    }

    func verify(_ secret: String, against hash: String) async throws -> Bool {
        try await self.hash(secret) == hash
    }

    func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) async throws -> Bool {
        _ = try await hash(password)
        return ImportedPasswords.verify(password, imported: imported, firebase: firebase)
    }

    func releaseAll() {
        let continuations = waiting.withLock { list -> [CheckedContinuation<Void, Never>] in
            defer { list = [] }
            return list
        }
        for continuation in continuations { continuation.resume() }
    }
}

@Suite("Password hashing admission")
struct BoundedHasherTests {
    @Test("As many hashes run as there are workers; the next waits its turn and runs when one finishes")
    func queuesInOrder() async throws {
        let held = HeldHasher()
        let clock = ManualDurationClock()
        let hasher = BoundedPasswordHasher(held, workers: 2, maximumWait: .seconds(30), clock: clock)
        let first = Task { try await hasher.hash("a") }
        let second = Task { try await hasher.verify("b", against: "hash:b") }
        while held.held < 2 { await Task.yield() }
        let third = Task { try await hasher.hash("c") }
        // The third is in the queue once its time limit is counting.
        while clock.sleeping < 1 { await Task.yield() }
        #expect(held.held == 2, "the third waits instead of reaching bcrypt")

        held.releaseAll()
        #expect(try await first.value == "hash:a")
        #expect(try await second.value)
        while held.held < 1 { await Task.yield() }
        held.releaseAll()
        #expect(try await third.value == "hash:c")
        #expect(hasher.refusals == 0)
    }

    @Test("A request that cannot start in time is refused with 429 and Retry-After, only after waiting")
    func refusesAfterWaiting() async throws {
        let held = HeldHasher()
        let clock = ManualDurationClock()
        let hasher = BoundedPasswordHasher(
            held, workers: 1, maximumWait: .milliseconds(200), maximumQueue: 1, clock: clock)
        let running = Task { try await hasher.hash("a") }
        while held.held < 1 { await Task.yield() }
        let queued = Task { try await hasher.hash("b") }
        let beyondTheQueue = Task { try await hasher.hash("c") }
        // Both wait: the one in the queue for its turn, the one beyond it for nothing.
        while clock.sleeping < 2 { await Task.yield() }
        #expect(hasher.refusals == 0, "nobody is refused before the wait is over")
        clock.advance(by: .milliseconds(199))
        #expect(hasher.refusals == 0)
        clock.advance(by: .milliseconds(1))
        for result in [await queued.result, await beyondTheQueue.result] {
            guard case .failure(let error as HashingBusy) = result else {
                Issue.record("expected a refusal, got \(result)")
                continue
            }
            #expect(error.retryAfter >= 1)
            #expect(error.serviceError.status == 429 && error.serviceError.code == .rateLimited)
        }
        #expect(held.held == 1, "refused requests never reached bcrypt")
        #expect(hasher.refusals == 2)
        held.releaseAll()
        #expect(try await running.value == "hash:a")
    }

    @Test("Work admitted first runs only with a place, and the hash it asks for uses that place")
    func admittedWork() async throws {
        let held = HeldHasher()
        let clock = ManualDurationClock()
        let hasher = BoundedPasswordHasher(held, workers: 1, maximumWait: .milliseconds(200), clock: clock)
        let running = Task { try await hasher.hash("a") }
        while held.held < 1 { await Task.yield() }
        let reads = Mutex(0)
        let refused = Task {
            try await hasher.whenAdmitted {
                reads.withLock { $0 += 1 }
                return try await hasher.hash("b")
            }
        }
        while clock.sleeping < 1 { await Task.yield() }
        clock.advance(by: .milliseconds(200))
        await #expect(throws: HashingBusy.self) { try await refused.value }
        #expect(reads.withLock { $0 } == 0, "a refused request read nothing")

        held.releaseAll()
        _ = try await running.value
        // With the only place taken by the work itself, its own hash must not wait for a second one.
        let releaser = Task {
            while held.held < 1 { await Task.yield() }
            held.releaseAll()
        }
        let hash = try await hasher.whenAdmitted {
            reads.withLock { $0 += 1 }
            return try await hasher.hash("c")
        }
        await releaser.value
        #expect(hash == "hash:c")
        #expect(reads.withLock { $0 } == 1)
    }
}

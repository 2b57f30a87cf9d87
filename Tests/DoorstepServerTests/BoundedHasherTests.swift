import DoorstepServerCore
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
    @Test("Past its capacity the hasher refuses at once with 429 and Retry-After, then admits again")
    func sheds() async throws {
        let held = HeldHasher()
        let hasher = BoundedPasswordHasher(held, capacity: 2)
        let first = Task { try await hasher.hash("a") }
        let second = Task { try await hasher.verify("b", against: "hash:b") }
        while held.held < 2 { await Task.yield() }

        await #expect(throws: BoundedPasswordHasher.busy) { try await hasher.hash("c") }
        #expect(BoundedPasswordHasher.busy.status == 429)
        #expect(BoundedPasswordHasher.busy.retryAfter == 1)
        #expect(held.held == 2, "the refused hash never reached bcrypt")

        held.releaseAll()
        #expect(try await first.value == "hash:a")
        #expect(try await second.value)
        let third = Task { try await hasher.hash("c") }
        while held.held < 1 { await Task.yield() }
        held.releaseAll()
        #expect(try await third.value == "hash:c", "places free up when hashes finish")
    }
}

import DoorstepPostgres
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

@Suite(
    "PostgreSQL isolation", .enabled(if: PostgresTestDatabase.serverURL != nil, "needs the server scripts/test starts"))
struct PostgresIsolationTests {
    /// A one-way signal between the transactions of a scenario.
    struct Gate: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        }

        func open() { continuation.finish() }

        func wait() async { for await _ in stream {} }

        /// Waits until the gate opens or `limit` has passed, whichever is first.
        func wait(atMost limit: Duration) async {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await wait() }
                group.addTask { try? await Task.sleep(for: limit) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// The conflict PostgreSQL resolves by making a request run again: a sender reads the outbox (T1),
    /// a request for a code reads whom an address belongs to (T2), a sign-up takes another address and
    /// commits (T3), then T2 writes its mail. Under `SERIALIZABLE` for T1, T2 stands between a reader of
    /// what it writes and a committed writer of what it read, and is aborted. Returns how many times T2
    /// ran.
    func codeRequestRuns(whileASenderClaimsWith isolation: TransactionIsolation) async throws -> Int {
        let url = try await PostgresTestDatabase.create()
        var settings = try PostgresStorageConfiguration(url: url, poolSize: 4)
        settings.connectTimeout = PostgresTestDatabase.connectTimeout
        let storage = try await PostgresStorage.open(settings)
        let now = Date()
        let waiting = OutboxRecord(id: UUID(), kind: "verifyEmail", sealed: Data([1]), createdAt: now)
        try await storage.transaction { try await $0.insertOutboxMail(waiting) }

        let (claimed, addressChecked, otherSignedUp, mailWritten) = (Gate(), Gate(), Gate(), Gate())
        let runs = Atomic<Int>(0)
        async let sender: Void = storage.transaction(isolation: isolation) { store in
            let taken = try await store.claimOutboxMail(dueBy: now, leaseUntil: now + 60, limit: 10)
            #expect(taken.map(\.id) == [waiting.id])
            claimed.open()
            await mailWritten.wait()
        }
        await claimed.wait()
        async let codeRequest: Void = storage.transaction { store in
            let run = runs.add(1, ordering: .relaxed).newValue
            _ = try await store.user(email: "ana@example.com")
            if run == 1 {
                addressChecked.open()
                await otherSignedUp.wait()
            }
            try await store.insertOutboxMail(
                OutboxRecord(id: UUID(), kind: "verifyEmail", sealed: Data([2]), createdAt: now))
        }
        await addressChecked.wait()
        try await storage.transaction {
            try await $0.insertUser(UserRecord(id: UUID(), email: "bo@example.com", createdAt: now))
        }
        otherSignedUp.open()
        try await codeRequest
        mailWritten.open()
        try await sender

        let backlog = try await storage.read { try await $0.outboxBacklog() }
        #expect(backlog.pending == 2, "both mails wait; the first is leased, not lost")
        await storage.close()
        try await PostgresTestDatabase.drop(url)
        return runs.load(ordering: .relaxed)
    }

    @Test("A sender taking mail on a snapshot never makes a request writing mail run again; serializable, it did")
    func claimOnSnapshot() async throws {
        #expect(
            try await codeRequestRuns(whileASenderClaimsWith: .serializable) == 2, "the conflict this guards against")
        #expect(try await codeRequestRuns(whileASenderClaimsWith: .snapshot) == 1)
    }

    @Test(
        "Two senders claiming at once take different mails, the second passing over what the first holds")
    func sendersSkipHeldMail() async throws {
        let url = try await PostgresTestDatabase.create()
        var settings = try PostgresStorageConfiguration(url: url, poolSize: 4)
        settings.connectTimeout = PostgresTestDatabase.connectTimeout
        let storage = try await PostgresStorage.open(settings)
        let now = Date()
        let mails = (0..<4).map { index in
            OutboxRecord(id: UUID(), kind: "verifyEmail", sealed: Data([UInt8(index)]), createdAt: now + Double(index))
        }
        try await storage.transaction { store in for mail in mails { try await store.insertOutboxMail(mail) } }

        let (firstClaimed, secondClaimed) = (Gate(), Gate())
        let firstHolds = Atomic<Bool>(false)
        async let first = storage.transaction(isolation: .snapshot) { store in
            let taken = try await store.claimOutboxMail(dueBy: now + 10, leaseUntil: now + 70, limit: 2)
            firstHolds.store(true, ordering: .sequentiallyConsistent)
            firstClaimed.open()
            // Held open until the second sender has claimed, or for a minute should it wait on these
            // rows: then it ends, so the test fails rather than hangs.
            await secondClaimed.wait(atMost: .seconds(60))
            firstHolds.store(false, ordering: .sequentiallyConsistent)
            return taken.map(\.id)
        }
        await firstClaimed.wait()
        let second = try await storage.transaction(isolation: .snapshot) { store in
            try await store.claimOutboxMail(dueBy: now + 10, leaseUntil: now + 70, limit: 10).map(\.id)
        }
        let firstStillHeld = firstHolds.load(ordering: .sequentiallyConsistent)
        #expect(firstStillHeld, "the second took its mails while the first held its own")
        secondClaimed.open()
        #expect(try await first == mails.prefix(2).map(\.id), "oldest first")
        #expect(second == mails.suffix(2).map(\.id))
        let third = try await storage.transaction(isolation: .snapshot) { store in
            try await store.claimOutboxMail(dueBy: now + 10, leaseUntil: now + 70, limit: 10)
        }
        #expect(third.isEmpty, "every mail is held")
        await storage.close()
        try await PostgresTestDatabase.drop(url)
    }
}

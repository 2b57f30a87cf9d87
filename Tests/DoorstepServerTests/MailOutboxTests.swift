import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

/// A transport that fails as told, then delivers; it remembers what it delivered.
final class ScriptedTransport: Mailer {
    private let state = Mutex((failures: [MailDeliveryError](), delivered: [Mail]()))

    init(failures: [MailDeliveryError] = []) {
        state.withLock { $0.failures = failures }
    }

    var delivered: [Mail] { state.withLock { $0.delivered } }

    func fail(with failures: [MailDeliveryError]) {
        state.withLock { $0.failures = failures }
    }

    func send(_ mail: Mail) async throws {
        try state.withLock { state in
            if !state.failures.isEmpty { throw state.failures.removeFirst() }
            state.delivered.append(mail)
        }
    }
}

@Suite("Mail outbox")
struct MailOutboxTests {
    static let temporary = MailDeliveryError(isPermanent: false, reason: "421 try later")
    static let permanent = MailDeliveryError(isPermanent: true, reason: "550 no such mailbox")

    func outbox(_ storage: any Storage, _ transport: ScriptedTransport, clock: ManualClock) -> MailOutbox {
        var policy = OutboxPolicy()
        policy.retry.giveUpAfter = 600
        return MailOutbox(
            storage: storage, transport: transport, sealer: MailSealer(keys: TestServer.keys), clock: clock,
            random: SecureRandomSource(), policy: policy)
    }

    func enqueue(_ outbox: MailOutbox, _ storage: any Storage, to: String, code: String, at clock: ManualClock)
        async throws
    {
        try await storage.transaction {
            try await outbox.enqueue(
                .signupCode, to: to, values: ["code": code, "minutes": "10"], code: code, language: nil, in: $0)
        }
    }

    @Test("A mail server that is away delays mail with growing waits and loses none", arguments: StorageKind.allCases)
    func retries(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let clock = ManualClock()
            let transport = ScriptedTransport(failures: [Self.temporary, Self.temporary, Self.temporary])
            let outbox = outbox(storage, transport, clock: clock)
            try await enqueue(outbox, storage, to: "sam@example.com", code: "483920", at: clock)
            #expect(try await outbox.backlog().pending == 1)

            #expect(await outbox.deliverDue() == 1, "first attempt fails")
            #expect(await outbox.deliverDue() == 0, "not due again yet")
            clock.advance(by: 2)
            #expect(await outbox.deliverDue() == 1, "second attempt after 2 s")
            clock.advance(by: 3)
            #expect(await outbox.deliverDue() == 0, "the next wait doubles to 4 s")
            clock.advance(by: 1)
            #expect(await outbox.deliverDue() == 1)
            clock.advance(by: 8)
            #expect(await outbox.deliverDue() == 1, "fourth attempt goes through")
            #expect(transport.delivered.map(\.code) == ["483920"])
            #expect(transport.delivered.first?.sentAt == Date(timeIntervalSince1970: 1_790_000_000))
            let backlog = try await outbox.backlog()
            #expect(backlog.pending == 0 && backlog.failed == 0)
            #expect(await outbox.deliverDue() == 0, "sent once")
        }
    }

    @Test(
        "A permanent refusal is recorded at once and not retried; a mail is given up after the set time",
        arguments: StorageKind.allCases)
    func failures(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let clock = ManualClock()
            let transport = ScriptedTransport(failures: [Self.permanent])
            let outbox = outbox(storage, transport, clock: clock)
            try await enqueue(outbox, storage, to: "reject@example.com", code: "111111", at: clock)
            await outbox.deliverDue()
            clock.advance(by: 3_600)
            #expect(await outbox.deliverDue() == 0)
            #expect(try await outbox.backlog().failed == 1)

            transport.fail(with: Array(repeating: Self.temporary, count: 100))
            try await enqueue(outbox, storage, to: "sam@example.com", code: "222222", at: clock)
            for _ in 0..<12 {
                await outbox.deliverDue()
                clock.advance(by: 300)
            }
            let backlog = try await outbox.backlog()
            #expect(backlog.failed == 2 && backlog.pending == 0, "given up after ten minutes")
            #expect(transport.delivered.isEmpty)
        }
    }

    @Test("Two senders never take the same mail while one holds it", arguments: StorageKind.allCases)
    func leases(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let clock = ManualClock()
            let now = clock.now
            let sealed = Data("x".utf8)
            try await storage.transaction { store in
                for _ in 0..<3 {
                    try await store.insertOutboxMail(
                        OutboxRecord(id: UUID(), kind: "code.login", sealed: sealed, createdAt: now))
                }
            }
            let first = try await storage.transaction {
                try await $0.claimOutboxMail(dueBy: now, leaseUntil: now + 120, limit: 2)
            }
            let second = try await storage.transaction {
                try await $0.claimOutboxMail(dueBy: now, leaseUntil: now + 120, limit: 10)
            }
            #expect(first.count == 2 && second.count == 1)
            #expect(Set(first.map(\.id)).isDisjoint(with: second.map(\.id)))
            let afterLease = try await storage.transaction {
                try await $0.claimOutboxMail(dueBy: now + 121, leaseUntil: now + 240, limit: 10)
            }
            #expect(afterLease.count == 3, "a sender that died lets go when its lease runs out")
        }
    }
}

import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import DoorstepServer

@Suite("The audit log")
struct AuditTrailTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("A security event becomes a row with its account, request and network, never the address")
    func fromSecurityAudit() async throws {
        let storage = MemoryStorage()
        let trail = AuditTrail(storage: storage, clock: ManualClock(now), random: SecureRandomSource())
        let audit = SecurityAudit(logger: Logger(label: "test"), trail: trail)
        let user = UUID()
        let prefix = try #require(NetworkAddress("203.0.113.77")).networkPrefix
        RequestTrace.$current.withValue(RequestTrace(id: "req-1", networkPrefix: prefix)) {
            audit.record(.logInFailed, user: user)
        }
        audit.record(.accountDeleted, user: user, actor: "operator")
        await trail.flush()
        let entries = try await trail.entries(account: user, since: now.addingTimeInterval(-60))
        #expect(entries.count == 2)
        let failed = try #require(entries.first { $0.event == "login_failed" })
        #expect(failed.requestID == "req-1" && failed.network == "203.0.113.0/24" && failed.actor == "user")
        #expect(entries.contains { $0.event == "account_deleted" && $0.actor == "operator" })
    }

    @Test("Entries are kept on every store, read newest first per account, and pruned", arguments: StorageKind.allCases)
    func storage(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (sam, kim) = (UUID(), UUID())
            let entries = (0..<4).map { index in
                AuditRecord(
                    id: UUID(), at: now.addingTimeInterval(Double(index) * 60), event: "signed_in",
                    accountID: index == 3 ? kim : sam, actor: "user", sessionID: UUID(), requestID: "r\(index)",
                    network: "2001:db8:1::/48", detail: "password")
            }
            try await storage.transaction { try await $0.insertAuditEntries(entries) }
            let samOnly = try await storage.read {
                try await $0.auditEntries(accountID: sam, since: now.addingTimeInterval(30), limit: 10)
            }
            #expect(samOnly == [entries[2], entries[1]])
            let all = try await storage.read { try await $0.auditEntries(accountID: nil, since: now, limit: 2) }
            #expect(all == [entries[3], entries[2]])
            try await storage.transaction { try await $0.deleteAuditEntries(before: now.addingTimeInterval(90)) }
            let left = try await storage.read {
                try await $0.auditEntries(accountID: nil, since: .distantPast, limit: 9)
            }
            #expect(left.map(\.id) == [entries[3].id, entries[2].id])
        }
    }

    @Test("The log shows an entry handed over a moment ago, without waiting for the writer's next pass")
    func readWritesFirst() async throws {
        let trail = AuditTrail(storage: MemoryStorage(), clock: ManualClock(now), random: SecureRandomSource())
        let sam = UUID()
        trail.append("password_changed", account: sam, actor: "user")
        let entries = try await trail.entries(account: sam, since: .distantPast)
        #expect(entries.map(\.event) == ["password_changed"])
    }

    @Test("Entries handed over before a stop are written at shutdown, once")
    func writtenAtShutdown() async throws {
        let storage = MemoryStorage()
        let trail = AuditTrail(storage: storage, clock: ManualClock(now), random: SecureRandomSource())
        let writer = AuditWriter(trail: trail, retention: 86_400, interval: .seconds(3_600))
        let group = ServiceGroup(configuration: .init(services: [writer], logger: Logger(label: "test")))
        let sam = UUID()
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            trail.append("session_revoked", account: sam, actor: "operator")
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let written = try await storage.read {
            try await $0.auditEntries(accountID: sam, since: .distantPast, limit: 10, offset: 0)
        }
        #expect(written.map(\.event) == ["session_revoked"])
    }

    @Test("A person's own entries are part of their data export")
    func export() async throws {
        let storage = MemoryStorage()
        let user = UserRecord(id: UUID(), email: "sam@example.com", createdAt: now)
        try await storage.transaction { store in
            try await store.insertUser(user)
            try await store.insertAuditEntries([
                AuditRecord(id: UUID(), at: now, event: "password_changed", accountID: user.id, actor: "user"),
                AuditRecord(id: UUID(), at: now, event: "password_changed", accountID: UUID(), actor: "user"),
            ])
        }
        let export = try #require(try await AccountExporter(storage: storage, flowIDs: []).export(userID: user.id))
        #expect(export.audit.count == 1)
    }
}

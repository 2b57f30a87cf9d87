import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// App Store Server Notifications, as Apple sends them: again, and out of order.
@Suite("App Store Server Notifications")
struct AppStoreNotificationTests {
    let clock = ManualClock()

    /// A subscription's life as Apple notifies it, one notification an hour: bought, renewed, renewal
    /// turned off, expired, out of its grace period, then (on a later purchase) refunded and revoked.
    func life(of account: UUID, _ store: TestAppStore) throws -> [(type: String, jws: String)] {
        let start = clock.now.addingTimeInterval(-7 * 3_600)
        func at(_ hour: Double) -> Date { start.addingTimeInterval(hour * 3_600) }
        let month: TimeInterval = 30 * 86_400
        let states: [(String, SignedTransaction)] = [
            ("SUBSCRIBED", TestAppStore.transaction(for: account, signedAt: at(0), expiresAt: at(0) + month)),
            (
                "DID_RENEW",
                TestAppStore.transaction(for: account, id: "2000000222", signedAt: at(1), expiresAt: at(1) + 2 * month)
            ),
            (
                "DID_CHANGE_RENEWAL_STATUS",
                TestAppStore.transaction(for: account, id: "2000000222", signedAt: at(2), expiresAt: at(1) + 2 * month)
            ),
            ("EXPIRED", TestAppStore.transaction(for: account, id: "2000000222", signedAt: at(3), expiresAt: at(2))),
            (
                "GRACE_PERIOD_EXPIRED",
                TestAppStore.transaction(for: account, id: "2000000222", signedAt: at(4), expiresAt: at(2))
            ),
            (
                "REFUND",
                TestAppStore.transaction(
                    for: account, id: "2000000222", signedAt: at(5), expiresAt: at(2), revokedAt: at(5))
            ),
            (
                "REVOKE",
                TestAppStore.transaction(
                    for: account, id: "2000000222", signedAt: at(6), expiresAt: at(2), revokedAt: at(5))
            ),
        ]
        return try states.map { ($0.0, try store.notification($0.0, $0.1)) }
    }

    func setUp() async throws -> (PurchaseService, any Storage, Caller, TestAppStore) {
        let storage = MemoryStorage()
        let store = try TestAppStore()
        let id = UUID()
        try await storage.transaction {
            try await $0.insertUser(
                UserRecord(id: id, email: "dana@example.com", createdAt: Date(timeIntervalSince1970: 0)))
        }
        let service = PurchaseService(
            storage: storage,
            verifier: try AppStoreVerifier(
                bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER]),
            context: ServiceContext(clock: clock, random: SecureRandomSource()))
        return (service, storage, Caller(userID: id, sessionID: UUID()), store)
    }

    @Test("Every type is applied once, whatever the order it arrives in, and the newest state stands")
    func onceEachInOrder() async throws {
        let (service, storage, caller, store) = try await setUp()
        let life = try life(of: caller.userID, store)
        // A fixed order Apple could deliver them in: retries and delays mix them up.
        let arrival = [3, 0, 6, 1, 5, 2, 4].map { life[$0] }
        for (type, jws) in arrival {
            #expect(try await service.apply(notification: jws) == .applied, "\(type)")
        }
        for (type, jws) in arrival {
            #expect(try await service.apply(notification: jws) == .alreadyApplied, "\(type) sent again")
        }
        let kept = try #require(try await storage.read { try await $0.entitlements(userID: caller.userID) }.first)
        #expect(kept.transactionID == "2000000222" && kept.revokedAt != nil, "revoked, as the newest says")
        #expect(try await service.entitlements(caller).isEmpty)
    }

    @Test("Delivered in order, each step shows: active after SUBSCRIBED and DID_RENEW, inactive from EXPIRED on")
    func inOrder() async throws {
        let (service, _, caller, store) = try await setUp()
        var active: [String: Bool] = [:]
        for (type, jws) in try life(of: caller.userID, store) {
            _ = try await service.apply(notification: jws)
            active[type] = !(try await service.entitlements(caller).isEmpty)
        }
        #expect(
            active["SUBSCRIBED"] == true && active["DID_RENEW"] == true && active["DID_CHANGE_RENEWAL_STATUS"] == true)
        #expect(active["EXPIRED"] == false && active["REFUND"] == false && active["REVOKE"] == false)
    }

    @Test("A notification for a purchase of no account here is ignored; a forged one is refused")
    func ignoredAndForged() async throws {
        let (service, _, _, store) = try await setUp()
        let stranger = try store.notification("SUBSCRIBED", TestAppStore.transaction(for: UUID(), signedAt: clock.now))
        #expect(try await service.apply(notification: stranger) == .ignored)
        let forged = try TestAppStore().notification(
            "SUBSCRIBED", TestAppStore.transaction(for: UUID(), signedAt: clock.now))
        await #expect(throws: ServiceError.self) { try await service.apply(notification: forged) }
    }
}

extension AppStoreNotificationTests {
    @Test("A subscription's life reaches webhooks as granted, renewed and revoked, once each, with no secret")
    func webhooks() async throws {
        let storage = MemoryStorage()
        let store = try TestAppStore()
        let endpoint = UUID()
        let account = UUID()
        try await storage.transaction { store in
            try await store.insertUser(
                UserRecord(id: account, email: "dana@example.com", createdAt: Date(timeIntervalSince1970: 0)))
            try await store.insertWebhookEndpoint(
                WebhookEndpointRecord(
                    id: endpoint, url: "https://hooks.example.com/doorstep",
                    eventTypes: WebhookEventType.all.map(\.rawValue), sealedSecret: Data([1]), createdAt: clock.now))
        }
        let service = PurchaseService(
            storage: storage,
            verifier: try AppStoreVerifier(
                bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER]),
            context: ServiceContext(
                clock: clock, random: SecureRandomSource(),
                webhooks: WebhookEvents(clock: clock, random: SecureRandomSource())))
        for (_, jws) in try life(of: account, store) + life(of: account, store) {
            _ = try await service.apply(notification: jws)
        }
        let deliveries = try await storage.read { try await $0.webhookDeliveries(endpointID: endpoint, limit: 50) }
        #expect(
            deliveries.map(\.eventType).reversed() == [
                "entitlement.granted", "entitlement.renewed", "entitlement.revoked",
            ])
        let bodies = deliveries.compactMap(\.payload).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            bodies.allSatisfy { $0.contains(account.uuidString.lowercased()) && !$0.contains("eyJ") },
            "no JWS in a body")
    }
}

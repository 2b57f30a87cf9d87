import DoorstepFlow
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// The attack played under each restore policy: A buys, then B posts A's signed transaction (a
/// "Restore purchases" on a device signed in to B, or a copy of A's transaction in B's hands).
@Suite("Restore policies")
struct RestorePolicyTests {
    let clock = ManualClock()

    struct World {
        let purchases: PurchaseService
        let storage: any Storage
        let trail: AuditTrail
        let endpoint: UUID
        let a: Caller
        let b: Caller
    }

    /// Two accounts, an endpoint that hears of everything, and the service under `policy`.
    func world(_ storage: any Storage, _ store: TestAppStore, policy: RestorePolicy) async throws -> World {
        let (a, b, endpoint) = (UUID(), UUID(), UUID())
        try await storage.transaction { tx in
            for id in [a, b] {
                try await tx.insertUser(UserRecord(id: id, email: "\(id)@example.com", createdAt: clock.now))
            }
            try await tx.insertWebhookEndpoint(
                WebhookEndpointRecord(
                    id: endpoint, url: "https://hooks.example.com/doorstep",
                    eventTypes: WebhookEventType.all.map(\.rawValue), sealedSecret: Data([1]), createdAt: clock.now))
        }
        let trail = AuditTrail(storage: storage, clock: clock, random: SecureRandomSource())
        let purchases = PurchaseService(
            storage: storage,
            verifier: try AppStoreVerifier(
                bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER]),
            restorePolicy: policy,
            context: ServiceContext(
                clock: clock, random: SecureRandomSource(),
                webhooks: WebhookEvents(clock: clock, random: SecureRandomSource()), auditTrail: trail))
        return World(
            purchases: purchases, storage: storage, trail: trail, endpoint: endpoint,
            a: Caller(userID: a, sessionID: UUID()), b: Caller(userID: b, sessionID: UUID()))
    }

    /// The events queued for the world's endpoint, oldest first, each with the account it names.
    func events(_ world: World) async throws -> [String] {
        let deliveries = try await world.storage.read {
            try await $0.webhookDeliveries(endpointID: world.endpoint, limit: 50)
        }
        return try deliveries.reversed().map { delivery in
            let payload = try Value(json: try #require(delivery.payload))
            let user = payload.objectValue?["data"]?.objectValue?["userId"]?.stringValue ?? "?"
            return "\(delivery.eventType) " + (user == world.a.userID.lowercasedText ? "A" : "B")
        }
    }

    func auditEvents(of account: Caller, _ world: World) async throws -> [String] {
        await world.trail.flush()
        return try await world.storage.read {
            try await $0.auditEntries(accountID: account.userID, since: .distantPast, limit: 50)
        }.map(\.event).sorted()
    }

    @Test("keep, the default: B is refused with 403 and A keeps the purchase", arguments: StorageKind.allCases)
    func keep(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let world = try await world(storage, store, policy: .keep)
            let jws = try store.sign(TestAppStore.transaction(for: world.a.userID, signedAt: clock.now))
            _ = try await world.purchases.record(world.a, signedTransaction: jws)
            do {
                _ = try await world.purchases.record(world.b, signedTransaction: jws)
                Issue.record("B took A's purchase")
            } catch let error as ServiceError {
                #expect(error.status == 403 && error.code.rawValue == "purchase_of_another_account")
            }
            #expect(try await world.purchases.entitlements(world.a).map(\.originalTransactionID) == ["2000000111"])
            #expect(try await world.purchases.entitlements(world.b).isEmpty)
            #expect(try await events(world) == ["entitlement.granted A"])
            #expect(try await auditEvents(of: world.b, world).isEmpty)
            #expect(ServerConfiguration().appStoreRestorePolicy == .keep, "keep is what a server does unless told")
        }
    }

    @Test(
        "transfer: B's restore moves the purchase, A loses it, both are told and audited",
        arguments: StorageKind.allCases)
    func transfer(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let world = try await world(storage, store, policy: .transfer)
            let jws = try store.sign(TestAppStore.transaction(for: world.a.userID, signedAt: clock.now))
            _ = try await world.purchases.record(world.a, signedTransaction: jws)
            clock.advance(by: 60)
            let moved = try await world.purchases.record(world.b, signedTransaction: jws)
            #expect(moved.userID == world.b.userID && moved.isActive(at: clock.now))
            #expect(try await world.purchases.entitlements(world.b).map(\.originalTransactionID) == ["2000000111"])
            #expect(try await world.purchases.entitlements(world.a).isEmpty)
            #expect(
                try await events(world) == [
                    "entitlement.granted A", "entitlement.revoked A", "entitlement.granted B",
                ])
            #expect(try await auditEvents(of: world.a, world) == ["entitlement_granted", "entitlement_transferred"])
            #expect(try await auditEvents(of: world.b, world) == ["entitlement_transferred"])
            // A renewal Apple reports later reaches the account that has the purchase now.
            let renewal = TestAppStore.transaction(
                for: world.a.userID, id: "2000000222", signedAt: clock.now.addingTimeInterval(60),
                expiresAt: clock.now.addingTimeInterval(60 * 86_400))
            #expect(
                try await world.purchases.apply(notification: try store.notification("DID_RENEW", renewal)) == .applied)
            clock.advance(by: 45 * 86_400)
            #expect(try await world.purchases.entitlements(world.b).count == 1)
            #expect(try await world.purchases.entitlements(world.a).isEmpty)
        }
    }
}

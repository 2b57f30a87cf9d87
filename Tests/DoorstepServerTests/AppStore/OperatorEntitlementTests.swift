import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// What support grants and takes back by hand is an entitlement like a purchase: listed, in the
/// account's entitlements, and told to webhooks and the audit log, on every store.
@Suite("Entitlements granted by support")
struct OperatorEntitlementTests {
    let clock = ManualClock()
    static let product = "com.kordant.plus.monthly"

    @Test(
        "A grant is active until its end, then a revocation ends it; webhooks and audit hear of both",
        arguments: StorageKind.allCases)
    func grantThenRevoke(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (account, endpoint) = (UUID(), UUID())
            try await storage.transaction { tx in
                try await tx.insertUser(UserRecord(id: account, email: "ines@example.com", createdAt: clock.now))
                try await tx.insertWebhookEndpoint(
                    WebhookEndpointRecord(
                        id: endpoint, url: "https://hooks.example.com/doorstep",
                        eventTypes: WebhookEventType.all.map(\.rawValue), sealedSecret: Data([1]),
                        createdAt: clock.now))
            }
            let actions = OperatorActions(
                storage: storage, avatars: MemoryAvatarStore(), clock: clock, random: SecureRandomSource())
            let purchases = PurchaseService(
                storage: storage, verifier: nil, context: ServiceContext(clock: clock, random: SecureRandomSource()))
            let caller = Caller(userID: account, sessionID: UUID())
            let end = clock.now.addingTimeInterval(7 * 86_400)
            let granted = try await actions.grantEntitlement(Self.product, to: account, until: end)
            #expect(granted.ownershipType == "GRANTED" && granted.expiresAt == end)
            #expect(try await purchases.entitlements(caller).map(\.productID) == [Self.product])

            let revoked = try await actions.revokeEntitlement(Self.product, of: account)
            #expect(revoked.map(\.revokedAt) == [clock.now])
            #expect(try await purchases.entitlements(caller).isEmpty)
            #expect(try await actions.entitlements(of: account).map(\.revokedAt) == [clock.now], "still listed")
            await #expect(throws: EntitlementChangeProblem.notHeld(Self.product)) {
                try await actions.revokeEntitlement(Self.product, of: account)
            }

            let deliveries = try await storage.read { try await $0.webhookDeliveries(endpointID: endpoint, limit: 50) }
            #expect(deliveries.map(\.eventType).reversed() == ["entitlement.granted", "entitlement.revoked"])
            let audit = try await storage.read {
                try await $0.auditEntries(accountID: account, since: .distantPast, limit: 50)
            }
            #expect(Set(audit.map(\.event)) == ["entitlement_granted", "entitlement_revoked"])
            #expect(audit.allSatisfy { $0.actor == "operator" })
        }
    }

    @Test("A grant with an end already past, or a malformed product id, writes nothing")
    func refusals() async throws {
        let storage = MemoryStorage()
        let account = UUID()
        try await storage.transaction {
            try await $0.insertUser(UserRecord(id: account, email: "omar@example.com", createdAt: clock.now))
        }
        let actions = OperatorActions(
            storage: storage, avatars: MemoryAvatarStore(), clock: clock, random: SecureRandomSource())
        await #expect(throws: EntitlementChangeProblem.endInThePast) {
            try await actions.grantEntitlement(Self.product, to: account, until: clock.now)
        }
        await #expect(throws: EntitlementChangeProblem.invalidProduct("")) {
            try await actions.grantEntitlement("", to: account, until: nil)
        }
        #expect(try await actions.entitlements(of: account).isEmpty)
    }
}

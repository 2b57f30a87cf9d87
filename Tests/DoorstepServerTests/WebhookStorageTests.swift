import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Webhook endpoints and deliveries on every store")
struct WebhookStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func delivery(_ endpoint: UUID, at offset: TimeInterval) -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: UUID(), messageID: "msg_\(Int(offset))", endpointID: endpoint, eventType: "user.created",
            payload: Data(#"{"type":"user.created"}"#.utf8), createdAt: now.addingTimeInterval(offset))
    }

    @Test("Endpoints round-trip, are updated and listed oldest first", arguments: StorageKind.allCases)
    func endpoints(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            var first = WebhookEndpointRecord(
                id: UUID(), url: "https://a.example.com/hooks", eventTypes: ["user.created", "flow.completed"],
                sealedSecret: Data([1, 2, 3]), createdAt: now)
            let second = WebhookEndpointRecord(
                id: UUID(), url: "https://b.example.com/", eventTypes: ["user.deleted"], sealedSecret: Data([4]),
                createdAt: now.addingTimeInterval(1))
            let inserted = first
            try await storage.transaction { store in
                try await store.insertWebhookEndpoint(second)
                try await store.insertWebhookEndpoint(inserted)
            }
            #expect(try await storage.read { try await $0.webhookEndpoints() } == [inserted, second])
            first.previousSealedSecret = Data([9])
            first.previousSecretExpiresAt = now.addingTimeInterval(86_400)
            first.failingSince = now
            first.disabledAt = now.addingTimeInterval(5)
            let updated = first
            try await storage.transaction { try await $0.updateWebhookEndpoint(updated) }
            #expect(try await storage.read { try await $0.webhookEndpoint(id: updated.id) } == updated)
        }
    }

    @Test(
        "Deliveries are claimed oldest first under a lease, updated, listed and pruned; removing an endpoint drops its own",
        arguments: StorageKind.allCases)
    func deliveries(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let endpoint = WebhookEndpointRecord(
                id: UUID(), url: "https://a.example.com/", eventTypes: ["user.created"], sealedSecret: Data([1]),
                createdAt: now)
            let other = WebhookEndpointRecord(
                id: UUID(), url: "https://b.example.com/", eventTypes: ["user.created"], sealedSecret: Data([1]),
                createdAt: now)
            let (a, b, c) = (delivery(endpoint.id, at: 0), delivery(endpoint.id, at: 1), delivery(other.id, at: 2))
            try await storage.transaction { store in
                try await store.insertWebhookEndpoint(endpoint)
                try await store.insertWebhookEndpoint(other)
                for record in [b, a, c] { try await store.insertWebhookDelivery(record) }
            }
            let later = now.addingTimeInterval(10)
            #expect(try await storage.read { try await $0.hasClaimableWebhookDelivery(dueBy: later) })
            let claimed = try await storage.transaction {
                try await $0.claimWebhookDeliveries(dueBy: later, leaseUntil: later.addingTimeInterval(60), limit: 2)
            }
            #expect(claimed.map(\.id) == [a.id, b.id])
            #expect(claimed.allSatisfy { $0.leasedUntil == later.addingTimeInterval(60) })
            let rest = try await storage.transaction {
                try await $0.claimWebhookDeliveries(dueBy: later, leaseUntil: later.addingTimeInterval(60), limit: 5)
            }
            #expect(rest.map(\.id) == [c.id])
            #expect(try await !storage.read { try await $0.hasClaimableWebhookDelivery(dueBy: later) })
            var sent = claimed[0]
            sent.state = .sent
            sent.attempts = 2
            sent.payload = nil
            sent.lastError = "answered 503"
            sent.leasedUntil = nil
            sent.finishedAt = later
            let finished = sent
            try await storage.transaction { try await $0.updateWebhookDelivery(finished) }
            let listed = try await storage.read { try await $0.webhookDeliveries(endpointID: endpoint.id, limit: 10) }
            #expect(listed.map(\.id) == [b.id, a.id])
            #expect(listed.last == finished)
            try await storage.transaction {
                try await $0.deleteWebhookDeliveries(finishedBefore: later.addingTimeInterval(1))
            }
            #expect(
                try await storage.read { try await $0.webhookDeliveries(endpointID: endpoint.id, limit: 10) }.map(\.id)
                    == [b.id])
            try await storage.transaction { try await $0.deleteWebhookEndpoint(id: endpoint.id) }
            #expect(
                try await storage.read { try await $0.webhookDeliveries(endpointID: endpoint.id, limit: 10) }.isEmpty)
            #expect(
                try await storage.read { try await $0.webhookDeliveries(endpointID: other.id, limit: 10) }.count == 1)
        }
    }
}

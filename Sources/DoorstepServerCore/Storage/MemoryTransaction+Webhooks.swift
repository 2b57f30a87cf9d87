import Foundation

extension MemoryTransaction {
    func insertWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        state.withLock { $0.webhookEndpoints.append(endpoint) }
    }

    func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        state.withLock { state in
            guard let index = state.webhookEndpoints.firstIndex(where: { $0.id == endpoint.id }) else { return }
            state.webhookEndpoints[index] = endpoint
        }
    }

    func deleteWebhookEndpoint(id: UUID) async throws {
        state.withLock { state in
            state.webhookEndpoints.removeAll { $0.id == id }
            let gone = Set(state.webhookDeliveries.values.filter { $0.endpointID == id }.map(\.id))
            state.webhookDeliveries = state.webhookDeliveries.filter { !gone.contains($0.key) }
            state.webhookDeliveryOrder.removeAll { gone.contains($0) }
        }
    }

    func webhookEndpoint(id: UUID) async throws -> WebhookEndpointRecord? {
        state.withLock { $0.webhookEndpoints.first { $0.id == id } }
    }

    func webhookEndpoints() async throws -> [WebhookEndpointRecord] {
        // Oldest first; a stable sort keeps those made at the same moment in the order they were added.
        state.withLock { state in
            state.webhookEndpoints.enumerated().sorted {
                ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset)
            }
            .map(\.element)
        }
    }

    func insertWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws {
        state.withLock { state in
            state.webhookDeliveries[delivery.id] = delivery
            state.webhookDeliveryOrder.append(delivery.id)
        }
    }

    func hasClaimableWebhookDelivery(dueBy now: Date) async throws -> Bool {
        state.withLock { state in state.webhookDeliveries.values.contains { $0.isClaimable(at: now) } }
    }

    func claimWebhookDeliveries(dueBy now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookDeliveryRecord]
    {
        state.withLock { state in
            let due = Self.oldestFirst(state).filter { $0.isClaimable(at: now) }.prefix(limit)
            return due.map { delivery in
                state.webhookDeliveries[delivery.id] = delivery.leased(until: leaseUntil)
                return delivery.leased(until: leaseUntil)
            }
        }
    }

    func webhookBacklog() async throws -> OutboxBacklog {
        state.withLock { $0.webhookDeliveries.values.backlog }
    }

    func updateWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws {
        state.withLock { state in
            if state.webhookDeliveries[delivery.id] != nil { state.webhookDeliveries[delivery.id] = delivery }
        }
    }

    func webhookDeliveries(endpointID: UUID, limit: Int) async throws -> [WebhookDeliveryRecord] {
        state.withLock { state in
            Array(
                Self.oldestFirst(state).reversed().filter { $0.endpointID == endpointID }.prefix(limit))
        }
    }

    func deleteWebhookDeliveries(finishedBefore date: Date) async throws {
        state.withLock { state in
            let gone = Set(state.webhookDeliveries.values.filter { ($0.finishedAt ?? .distantFuture) < date }.map(\.id))
            state.webhookDeliveries = state.webhookDeliveries.filter { !gone.contains($0.key) }
            state.webhookDeliveryOrder.removeAll { gone.contains($0) }
        }
    }

    /// Deliveries by the time they were written, then the order they were written in.
    private static func oldestFirst(_ state: MemoryState) -> [WebhookDeliveryRecord] {
        state.webhookDeliveryOrder.compactMap { state.webhookDeliveries[$0] }.enumerated()
            .sorted { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }.map(\.element)
    }
}

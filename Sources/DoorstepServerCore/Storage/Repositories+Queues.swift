import Foundation

/// Mail waiting to be delivered, and what became of it.
public protocol OutboxRepository: Sendable {
    func insertOutboxMail(_ record: OutboxRecord) async throws
    /// Whether any pending mail is due by `now` and held by no sender: a read, so an idle sender
    /// polling it never takes a write lock.
    func hasClaimableOutboxMail(dueBy now: Date) async throws -> Bool
    /// Takes up to `limit` pending mails due by `now` that no other sender holds, oldest first, and
    /// holds them until `leaseUntil`.
    func claimOutboxMail(dueBy now: Date, leaseUntil: Date, limit: Int) async throws -> [OutboxRecord]
    /// Writes a mail's new state, attempts, next attempt, error and sealed content as given.
    func updateOutboxMail(_ record: OutboxRecord) async throws
    func outboxBacklog() async throws -> OutboxBacklog
}

/// Where webhooks go, and the deliveries waiting for them.
public protocol WebhookRepository: Sendable {
    func insertWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws
    /// Writes an endpoint's events, secrets, failure and disabled times as given.
    func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws
    /// Removes an endpoint and the deliveries waiting for it.
    func deleteWebhookEndpoint(id: UUID) async throws
    func webhookEndpoint(id: UUID) async throws -> WebhookEndpointRecord?
    /// Every endpoint, oldest first.
    func webhookEndpoints() async throws -> [WebhookEndpointRecord]
    func insertWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws
    /// Whether any pending delivery is due by `now` and held by no sender (a read, for idle polling).
    func hasClaimableWebhookDelivery(dueBy now: Date) async throws -> Bool
    /// Takes up to `limit` pending deliveries due by `now` that no other sender holds, oldest first,
    /// and holds them until `leaseUntil`.
    func claimWebhookDeliveries(dueBy now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookDeliveryRecord]
    /// Writes a delivery's state, attempts, next attempt, lease, error and payload as given.
    func updateWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws
    /// How many deliveries wait and how many failed, every endpoint together.
    func webhookBacklog() async throws -> OutboxBacklog
    /// Deliveries to one endpoint, newest first, at most `limit`.
    func webhookDeliveries(endpointID: UUID, limit: Int) async throws -> [WebhookDeliveryRecord]
    /// Forgets finished deliveries that finished before `date`.
    func deleteWebhookDeliveries(finishedBefore date: Date) async throws
}

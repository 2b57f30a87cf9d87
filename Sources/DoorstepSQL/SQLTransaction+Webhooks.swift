import DoorstepFlow
import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO webhook_endpoints (id, url, event_types, sealed_secret, previous_sealed_secret,
                previous_secret_expires_at, created_at, failing_since, disabled_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Self.endpointBinds(endpoint))
    }

    public func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws {
        var binds = Array(Self.endpointBinds(endpoint).dropFirst())
        binds.append(.text(endpoint.id.key))
        _ = try await rows(
            """
            UPDATE webhook_endpoints SET url = ?, event_types = ?, sealed_secret = ?, previous_sealed_secret = ?,
                previous_secret_expires_at = ?, created_at = ?, failing_since = ?, disabled_at = ?
            WHERE id = ?
            """, binds)
    }

    public func deleteWebhookEndpoint(id: UUID) async throws {
        _ = try await rows("DELETE FROM webhook_deliveries WHERE endpoint_id = ?", [.text(id.key)])
        _ = try await rows("DELETE FROM webhook_endpoints WHERE id = ?", [.text(id.key)])
    }

    public func webhookEndpoint(id: UUID) async throws -> WebhookEndpointRecord? {
        try await rows("SELECT * FROM webhook_endpoints WHERE id = ?", [.text(id.key)]).first.flatMap(Self.endpoint)
    }

    public func webhookEndpoints() async throws -> [WebhookEndpointRecord] {
        try await rows("SELECT * FROM webhook_endpoints ORDER BY created_at, rowid").compactMap(Self.endpoint)
    }

    public func insertWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO webhook_deliveries (id, message_id, endpoint_id, event_type, payload, state, created_at,
                attempts, next_attempt_at, leased_until, last_error, finished_at, trace_parent)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Self.deliveryBinds(delivery))
    }

    public func hasClaimableWebhookDelivery(dueBy now: Date) async throws -> Bool {
        try await hasClaimableJob(in: .webhookDeliveries, dueBy: now)
    }

    public func claimWebhookDeliveries(dueBy now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookDeliveryRecord]
    {
        try await claimJobs(
            in: .webhookDeliveries, dueBy: now, leaseUntil: leaseUntil, limit: limit, reading: Self.delivery)
    }

    public func webhookBacklog() async throws -> OutboxBacklog {
        try await backlog(of: .webhookDeliveries)
    }

    public func updateWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws {
        var binds = Array(Self.deliveryBinds(delivery).dropFirst())
        binds.append(.text(delivery.id.key))
        _ = try await rows(
            """
            UPDATE webhook_deliveries SET message_id = ?, endpoint_id = ?, event_type = ?, payload = ?, state = ?,
                created_at = ?, attempts = ?, next_attempt_at = ?, leased_until = ?, last_error = ?, finished_at = ?,
                trace_parent = ?
            WHERE id = ?
            """, binds)
    }

    public func webhookDeliveries(endpointID: UUID, limit: Int) async throws -> [WebhookDeliveryRecord] {
        try await rows(
            "SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?",
            [.text(endpointID.key), .integer(limit)]
        ).compactMap(Self.delivery)
    }

    public func deleteWebhookDeliveries(finishedBefore date: Date) async throws {
        _ = try await rows("DELETE FROM webhook_deliveries WHERE finished_at < ?", [.time(date)])
    }

    static func endpointBinds(_ endpoint: WebhookEndpointRecord) -> [SQLValue] {
        let types = String(
            decoding: (try? Value.array(endpoint.eventTypes.map(Value.string)).jsonData()) ?? Data("[]".utf8),
            as: UTF8.self)
        return [
            .text(endpoint.id.key), .text(endpoint.url), .text(types),
            .text(endpoint.sealedSecret.base64EncodedString()),
            .optional(endpoint.previousSealedSecret?.base64EncodedString()), .time(endpoint.previousSecretExpiresAt),
            .time(endpoint.createdAt), .time(endpoint.failingSince), .time(endpoint.disabledAt),
        ]
    }

    static func endpoint(_ row: SQLRow) -> WebhookEndpointRecord? {
        guard let id = row.uuid("id"), let url = row.string("url"),
            let secret = row.string("sealed_secret").flatMap({ Data(base64Encoded: $0) }),
            let createdAt = row.date("created_at")
        else { return nil }
        let types = row.string("event_types").flatMap { try? Value(json: $0) }?.arrayValue?.compactMap(\.stringValue)
        var endpoint = WebhookEndpointRecord(
            id: id, url: url, eventTypes: types ?? [], sealedSecret: secret, createdAt: createdAt)
        endpoint.previousSealedSecret = row.string("previous_sealed_secret").flatMap { Data(base64Encoded: $0) }
        endpoint.previousSecretExpiresAt = row.date("previous_secret_expires_at")
        endpoint.failingSince = row.date("failing_since")
        endpoint.disabledAt = row.date("disabled_at")
        return endpoint
    }

    static func deliveryBinds(_ delivery: WebhookDeliveryRecord) -> [SQLValue] {
        [
            .text(delivery.id.key), .text(delivery.messageID), .text(delivery.endpointID.key),
            .text(delivery.eventType), .optional(delivery.payload.map { String(decoding: $0, as: UTF8.self) }),
            .text(delivery.state.rawValue), .time(delivery.createdAt), .integer(delivery.attempts),
            .time(delivery.nextAttemptAt), .time(delivery.leasedUntil), .optional(delivery.lastError),
            .time(delivery.finishedAt), .optional(delivery.traceParent),
        ]
    }

    static func delivery(_ row: SQLRow) -> WebhookDeliveryRecord? {
        guard let id = row.uuid("id"), let messageID = row.string("message_id"),
            let endpointID = row.uuid("endpoint_id"), let eventType = row.string("event_type"),
            let state = row.string("state").flatMap(WebhookDeliveryRecord.State.init(rawValue:)),
            let createdAt = row.date("created_at"), let nextAttemptAt = row.date("next_attempt_at")
        else { return nil }
        var delivery = WebhookDeliveryRecord(
            id: id, messageID: messageID, endpointID: endpointID, eventType: eventType, payload: Data(),
            createdAt: createdAt)
        delivery.payload = row.string("payload").map { Data($0.utf8) }
        delivery.state = state
        delivery.attempts = row.integer("attempts") ?? 0
        delivery.nextAttemptAt = nextAttemptAt
        delivery.leasedUntil = row.date("leased_until")
        delivery.lastError = row.string("last_error")
        delivery.finishedAt = row.date("finished_at")
        delivery.traceParent = row.string("trace_parent")
        return delivery
    }
}

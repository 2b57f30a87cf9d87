import DoorstepFlow
import Foundation

/// Where services report what happened to an account, for the endpoints that asked to hear of it.
/// An event is written into the same transaction as the change it reports, one delivery per
/// endpoint that subscribes to its kind, so a change that rolls back reports nothing and one that
/// commits is delivered even if the server dies the next moment.
public struct WebhookEvents: Sendable {
    let clock: (any WallClock)?
    let random: (any RandomSource)?
    let spans: Spans

    /// Reports nothing: for services built without webhooks (tests, tools).
    public static let disabled = WebhookEvents(optionalClock: nil, random: nil, spans: .off)

    /// Reports events with times from `clock` and ids from `random`; each delivery keeps the trace of
    /// the span under way in `spans`.
    public init(clock: any WallClock, random: any RandomSource, spans: Spans = .off) {
        self.init(optionalClock: clock, random: random, spans: spans)
    }

    private init(optionalClock clock: (any WallClock)?, random: (any RandomSource)?, spans: Spans) {
        self.clock = clock
        self.random = random
        self.spans = spans
    }

    /// Writes an event of `type` carrying `data` (ids and facts — never a password, code, token or
    /// secret) for every endpoint subscribed to it, as part of the caller's transaction.
    public func enqueue(_ type: WebhookEventType, _ data: [String: Value], in store: any WebhookRepository)
        async throws
    {
        guard let clock, let random else { return }
        let endpoints = try await store.webhookEndpoints().filter { $0.subscribes(to: type) }
        guard !endpoints.isEmpty else { return }
        let now = clock.now
        let messageID = "msg_" + random.uuid().lowercasedText.replacingOccurrences(of: "-", with: "")
        let payload = try Value.object([
            "type": .string(type.rawValue), "timestamp": .string(now.formatted(.iso8601)), "data": .object(data),
        ]).jsonData()
        let traceParent = spans.currentTraceParent()
        for endpoint in endpoints {
            try await store.insertWebhookDelivery(
                WebhookDeliveryRecord(
                    id: random.uuid(), messageID: messageID, endpointID: endpoint.id, eventType: type.rawValue,
                    payload: payload, createdAt: now, traceParent: traceParent))
        }
    }
}

extension Value {
    /// A user's or session's id as events carry it.
    static func id(_ id: UUID) -> Value { .string(id.lowercasedText) }
}

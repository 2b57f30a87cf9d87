import Foundation

/// A receiver of webhooks: an app's backend that wants to hear of some kinds of event.
public struct WebhookEndpointRecord: Sendable, Hashable {
    public var id: UUID
    /// Where deliveries are posted.
    public var url: String
    /// The kinds of event it hears of, such as `user.created`.
    public var eventTypes: [String]
    /// The signing secret (`whsec_…`), sealed with a key derived from the server's keys.
    public var sealedSecret: Data
    /// The secret it had before its last rotation: deliveries carry a signature by each until then,
    /// so a receiver can change secrets without missing one.
    public var previousSealedSecret: Data?
    public var previousSecretExpiresAt: Date?
    public var createdAt: Date
    /// When deliveries to it began failing without a success since; nil while it answers.
    public var failingSince: Date?
    /// When it was turned off for failing too long; a disabled endpoint gets no deliveries.
    public var disabledAt: Date?

    /// A new endpoint that answers, with no previous secret.
    public init(id: UUID, url: String, eventTypes: [String], sealedSecret: Data, createdAt: Date) {
        self.id = id
        self.url = url
        self.eventTypes = eventTypes
        self.sealedSecret = sealedSecret
        self.previousSealedSecret = nil
        self.previousSecretExpiresAt = nil
        self.createdAt = createdAt
        self.failingSince = nil
        self.disabledAt = nil
    }

    /// Whether it hears of events of `type`.
    public func subscribes(to type: WebhookEventType) -> Bool {
        disabledAt == nil && eventTypes.contains(type.rawValue)
    }
}

/// One event on its way to one endpoint: written in the same transaction as the change it reports,
/// then posted by whichever instance's sender claims it, retried while the receiver is away, and
/// finished as sent or failed.
public struct WebhookDeliveryRecord: Sendable, Hashable {
    /// Where a delivery stands.
    public enum State: String, Sendable, Hashable {
        /// Waiting for its next attempt.
        case pending
        /// Accepted by the receiver with a 2xx.
        case sent
        /// Given up: still refused when the queue stopped trying, or its endpoint is gone.
        case failed
    }

    public var id: UUID
    /// The event's id, sent as `webhook-id`: the same for every attempt and every endpoint, so a
    /// receiver drops a delivery it has already seen.
    public var messageID: String
    public var endpointID: UUID
    public var eventType: String
    /// The body posted (JSON); removed once the delivery is finished.
    public var payload: Data?
    public var state: State
    public var createdAt: Date
    public var attempts: Int
    public var nextAttemptAt: Date
    /// A sender holds the delivery until then; another may take it over afterwards.
    public var leasedUntil: Date?
    /// Why the last attempt failed (a status or a network reason, never the body).
    public var lastError: String?
    public var finishedAt: Date?
    /// The W3C `traceparent` of the request that caused the event: its delivery joins that trace, and
    /// the receiver is sent the delivery's own.
    public var traceParent: String?

    /// A new pending delivery, due at once.
    public init(
        id: UUID, messageID: String, endpointID: UUID, eventType: String, payload: Data, createdAt: Date,
        traceParent: String? = nil
    ) {
        self.id = id
        self.messageID = messageID
        self.endpointID = endpointID
        self.eventType = eventType
        self.payload = payload
        self.state = .pending
        self.createdAt = createdAt
        self.attempts = 0
        self.nextAttemptAt = createdAt
        self.leasedUntil = nil
        self.lastError = nil
        self.finishedAt = nil
        self.traceParent = traceParent
    }
}

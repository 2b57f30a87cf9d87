import Foundation
import Logging
import Tracing

/// The durable queue of webhook deliveries: a sender takes what is due, signs each delivery at the
/// moment it sends it (Standard Webhooks), posts it, and retries with exponential back-off for a
/// day while the receiver is away. Several senders (instances) share the work through leases, so a
/// delivery is posted once unless an attempt's answer is lost; receivers drop repeats by
/// `webhook-id`. An endpoint that has failed for three days is disabled, with a log line.
public final class WebhookQueue: Sendable {
    let storage: any Storage
    let transport: any WebhookTransport
    let sealer: WebhookSecretSealer
    let clock: any WallClock
    let policy: WebhookPolicy
    let logger: Logger
    let spans: Spans

    /// Creates a queue; each attempt is a span (`webhook.deliver`) of the trace that caused the event,
    /// and the receiver is sent its `traceparent`.
    public init(
        storage: any Storage, transport: any WebhookTransport, sealer: WebhookSecretSealer, clock: any WallClock,
        policy: WebhookPolicy = WebhookPolicy(), logger: Logger = Logger(label: "doorstep.webhooks"),
        spans: Spans = .off
    ) {
        self.storage = storage
        self.transport = transport
        self.sealer = sealer
        self.clock = clock
        self.policy = policy
        self.logger = logger
        self.spans = spans
    }

    /// One pass: takes the deliveries that are due and tries each once, side by side. Returns how
    /// many it tried.
    @discardableResult
    public func deliverDue() async -> Int {
        let claimed = await queue.claimDue(at: clock.now, unreadable: "the webhook queue could not be read")
        guard !claimed.isEmpty else { return 0 }
        let endpoints: [UUID: WebhookEndpointRecord]
        do {
            let all = try await storage.read { try await $0.webhookEndpoints() }
            endpoints = Dictionary(all.map { ($0.id, $0) }) { first, _ in first }
        } catch {
            // The deliveries wait for their lease to run out, then are taken again.
            logger.error("the webhook endpoints could not be read", metadata: ["reason": "\(error)"])
            return 0
        }
        let outcomes = await withTaskGroup(of: (WebhookDeliveryRecord, Bool).self) { group in
            for delivery in claimed {
                group.addTask { await self.tracedAttempt(delivery, endpoint: endpoints[delivery.endpointID]) }
            }
            var outcomes: [(WebhookDeliveryRecord, Bool)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let attemptsBefore = Dictionary(claimed.map { ($0.id, $0.attempts) }) { first, _ in first }
        for (delivery, answered) in outcomes {
            // Posted this pass and refused: a delivery whose endpoint is gone is given up unposted.
            let refused = !answered && delivery.attempts > attemptsBefore[delivery.id, default: 0]
            do {
                try await storage.transaction { store in
                    try await store.updateWebhookDelivery(delivery)
                    try await self.recordHealth(of: delivery.endpointID, answered: answered, in: store)
                }
                if refused { report(delivery) }
            } catch {
                logger.error(
                    "a webhook delivery's outcome could not be recorded",
                    metadata: ["webhook.id": "\(delivery.messageID)", "reason": "\(error)"])
            }
        }
        return claimed.count
    }

    private var queue: LeasedQueue<WebhookDeliveryRecord> {
        LeasedQueue(
            storage: storage, schedule: policy.retry, logger: logger,
            hasDue: { try await $0.hasClaimableWebhookDelivery(dueBy: $1) },
            claim: { try await $0.claimWebhookDeliveries(dueBy: $1, leaseUntil: $2, limit: $3) })
    }

    /// Forgets finished deliveries older than the policy keeps.
    public func pruneFinished() async {
        let cutoff = clock.now.addingTimeInterval(-policy.keepFinished)
        do {
            try await storage.transaction { try await $0.deleteWebhookDeliveries(finishedBefore: cutoff) }
        } catch {
            logger.error("finished webhook deliveries could not be pruned", metadata: ["reason": "\(error)"])
        }
    }

    /// ``attempt(_:endpoint:)`` as a span of the trace that caused the event.
    private func tracedAttempt(_ delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord?) async
        -> (WebhookDeliveryRecord, Bool)
    {
        await spans.within(
            "webhook.deliver", continuing: delivery.traceParent, kind: .client,
            attributes: [
                "webhook.type": .string(delivery.eventType), "webhook.attempt": .int64(Int64(delivery.attempts + 1)),
            ]
        ) { span in
            let (finished, answered) = await attempt(delivery, endpoint: endpoint)
            span.attributes["webhook.outcome"] = finished.outcome
            if !answered { span.setStatus(SpanStatus(code: .error)) }
            return (finished, answered)
        }
    }

    /// Tries a delivery once; returns it as it now stands, and whether the endpoint answered 2xx.
    private func attempt(_ delivery: WebhookDeliveryRecord, endpoint: WebhookEndpointRecord?) async
        -> (WebhookDeliveryRecord, Bool)
    {
        var delivery = delivery
        guard let endpoint, endpoint.disabledAt == nil, let payload = delivery.payload else {
            let reason = endpoint == nil ? "the endpoint was removed" : "the endpoint is disabled"
            _ = policy.retry.settle(&delivery, failedFor: reason, permanently: true, at: clock.now)
            return (delivery, false)
        }
        delivery.attempts += 1
        let failure = await post(payload, of: delivery, to: endpoint)
        guard let failure else {
            delivery.finish(succeeded: true, at: clock.now)
            return (delivery, true)
        }
        _ = policy.retry.settle(&delivery, failedFor: failure, permanently: false, at: clock.now)
        return (delivery, false)
    }

    /// Logs a failed attempt once it is recorded.
    private func report(_ delivery: WebhookDeliveryRecord) {
        queue.reportFailure(
            of: delivery, what: "a webhook",
            metadata: [
                "webhook.id": "\(delivery.messageID)", "webhook.type": "\(delivery.eventType)",
                "endpoint.id": "\(delivery.endpointID.lowercasedText)",
            ])
    }

    /// Signs and posts a delivery's payload once; nil when the endpoint answered 2xx, else why not.
    private func post(_ payload: Data, of delivery: WebhookDeliveryRecord, to endpoint: WebhookEndpointRecord) async
        -> String?
    {
        do {
            let headers = WebhookSignedHeaders(
                messageID: delivery.messageID, at: clock.now, body: payload, secrets: try secrets(of: endpoint))
            let fields = headers.fields.merging(spans.traceFields()) { signed, _ in signed }
            let status = try await transport.post(endpoint.url, headers: fields, body: payload, policy: policy)
            return (200..<300).contains(status) ? nil : "answered \(status)"
        } catch let error as WebhookTransportError {
            return error.reason
        } catch {
            return "the delivery could not be sent"
        }
    }

    /// The secrets a delivery is signed with now: the current one, and the previous one until its
    /// time is up.
    private func secrets(of endpoint: WebhookEndpointRecord) throws -> [WebhookSecret] {
        var secrets = [try sealer.open(endpoint.sealedSecret)]
        if let previous = endpoint.previousSealedSecret, let until = endpoint.previousSecretExpiresAt,
            until > clock.now
        {
            secrets.append(try sealer.open(previous))
        }
        return secrets
    }

    /// Notes a success (the endpoint answers again) or a failure; an endpoint failing since longer
    /// than the policy allows is disabled.
    private func recordHealth(of endpointID: UUID, answered: Bool, in store: any StorageTransaction) async throws {
        guard var endpoint = try await store.webhookEndpoint(id: endpointID), endpoint.disabledAt == nil else { return }
        let now = clock.now
        if answered {
            guard endpoint.failingSince != nil else { return }
            endpoint.failingSince = nil
        } else if let since = endpoint.failingSince {
            guard now.timeIntervalSince(since) >= policy.disableAfter else { return }
            endpoint.disabledAt = now
            logger.error(
                "a webhook endpoint failed for too long and was disabled",
                metadata: [
                    "endpoint.id": "\(endpoint.id.lowercasedText)", "failing_since": "\(since.formatted(.iso8601))",
                ])
        } else {
            endpoint.failingSince = now
        }
        try await store.updateWebhookEndpoint(endpoint)
    }
}

import Foundation

/// Adding, listing, removing endpoints and rotating their secrets, as operators do from
/// `doorstep webhooks` and the admin page.
public struct WebhookEndpoints: Sendable {
    let storage: any Storage
    let sealer: WebhookSecretSealer
    let clock: any WallClock
    let random: any RandomSource
    let policy: WebhookPolicy

    /// Creates the service.
    public init(
        storage: any Storage, sealer: WebhookSecretSealer, clock: any WallClock, random: any RandomSource,
        policy: WebhookPolicy = WebhookPolicy()
    ) {
        self.storage = storage
        self.sealer = sealer
        self.clock = clock
        self.random = random
        self.policy = policy
    }

    /// Why an endpoint cannot be added or changed.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case url(WebhookURLError)
        case noEvents
        case unknownEvent(String)
        case notFound

        public var description: String {
            switch self {
            case .url(let problem): return problem.description
            case .noEvents: return "name at least one event"
            case .unknownEvent(let name):
                let known = WebhookEventType.all.map(\.rawValue).joined(separator: ", ")
                return "no event is called \(name) (events: \(known))"
            case .notFound: return "no webhook endpoint has this id"
            }
        }
    }

    /// An endpoint with its secret in the clear: returned only by adding and rotating.
    public struct Created: Sendable {
        public var endpoint: WebhookEndpointRecord
        public var secret: WebhookSecret
    }

    /// Adds an endpoint for `events` (or every event, given `*`); returns it with its new secret.
    /// The URL's text is checked here, and again with the addresses it resolves to at every attempt.
    public func add(url: String, events: [String]) async throws -> Created {
        do {
            _ = try policy.urls.check(url)
        } catch {
            throw Problem.url(error)
        }
        let types = try Self.eventTypes(events)
        let secret = WebhookSecret(random: random)
        let endpoint = WebhookEndpointRecord(
            id: random.uuid(), url: url, eventTypes: types, sealedSecret: try sealer.seal(secret), createdAt: clock.now)
        try await storage.transaction { try await $0.insertWebhookEndpoint(endpoint) }
        return Created(endpoint: endpoint, secret: secret)
    }

    /// Every endpoint, oldest first.
    public func list() async throws -> [WebhookEndpointRecord] {
        try await storage.read { try await $0.webhookEndpoints() }
    }

    /// An endpoint's latest deliveries, newest first.
    public func deliveries(of id: UUID, limit: Int = 20) async throws -> [WebhookDeliveryRecord] {
        try await storage.read { try await $0.webhookDeliveries(endpointID: id, limit: limit) }
    }

    /// Removes an endpoint and what waits for it.
    public func remove(id: UUID) async throws {
        try await storage.transaction { store in
            guard try await store.webhookEndpoint(id: id) != nil else { throw Problem.notFound }
            try await store.deleteWebhookEndpoint(id: id)
        }
    }

    /// Gives an endpoint a new secret; the old one keeps signing beside it for a day, so the receiver
    /// can switch without refusing a delivery. Turns a disabled endpoint back on.
    public func rotateSecret(id: UUID) async throws -> Created {
        let secret = WebhookSecret(random: random)
        let sealed = try sealer.seal(secret)
        let now = clock.now
        let endpoint = try await storage.transaction { store in
            guard var endpoint = try await store.webhookEndpoint(id: id) else { throw Problem.notFound }
            endpoint.previousSealedSecret = endpoint.sealedSecret
            endpoint.previousSecretExpiresAt = now.addingTimeInterval(policy.previousSecretLifetime)
            endpoint.sealedSecret = sealed
            endpoint.disabledAt = nil
            endpoint.failingSince = nil
            try await store.updateWebhookEndpoint(endpoint)
            return endpoint
        }
        return Created(endpoint: endpoint, secret: secret)
    }

    /// The events named, checked; `*` is every event.
    static func eventTypes(_ names: [String]) throws(Problem) -> [String] {
        let names = names.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !names.isEmpty else { throw .noEvents }
        if names.contains("*") { return WebhookEventType.all.map(\.rawValue) }
        let known = Set(WebhookEventType.all.map(\.rawValue))
        if let unknown = names.first(where: { !known.contains($0) }) { throw .unknownEvent(unknown) }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}

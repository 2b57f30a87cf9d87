import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

/// A receiver in memory: answers with the statuses it is given, in turn, then 204.
final class RecordingWebhookTransport: WebhookTransport {
    struct Post: Sendable {
        var url: String
        var headers: [String: String]
        var body: Data
    }

    private let state: Mutex<(posts: [Post], answers: [Int])>

    init(answers: [Int] = []) {
        state = Mutex(([], answers))
    }

    var posts: [Post] { state.withLock { $0.posts } }

    func post(_ url: String, headers: [String: String], body: Data, policy: WebhookPolicy) async throws -> Int {
        let answer = state.withLock { state in
            state.posts.append(Post(url: url, headers: headers, body: body))
            return state.answers.isEmpty ? 204 : state.answers.removeFirst()
        }
        if answer == 0 { throw WebhookTransportError("the connection was refused") }
        return answer
    }
}

@Suite("The webhook queue")
struct WebhookQueueTests {
    let clock = ManualClock()
    let storage = MemoryStorage()
    let keys = try! ServerKeys.generate()

    func endpoints() -> WebhookEndpoints {
        WebhookEndpoints(
            storage: storage, sealer: WebhookSecretSealer(keys: keys), clock: clock, random: SecureRandomSource())
    }

    func queue(_ transport: RecordingWebhookTransport) -> WebhookQueue {
        WebhookQueue(storage: storage, transport: transport, sealer: WebhookSecretSealer(keys: keys), clock: clock)
    }

    func report(_ type: WebhookEventType, _ data: [String: Value] = ["userId": "u1"]) async throws {
        let events = WebhookEvents(clock: clock, random: SecureRandomSource())
        try await storage.transaction { try await events.enqueue(type, data, in: $0) }
    }

    @Test("An event goes to each endpoint subscribed to it, once, signed with that endpoint's secret")
    func fanOut() async throws {
        let a = try await endpoints().add(url: "https://a.example.com/", events: ["user.created,user.deleted"])
        let b = try await endpoints().add(url: "https://b.example.com/", events: ["session.created"])
        try await report(.userCreated)
        try await report(.flowCompleted)
        let transport = RecordingWebhookTransport()
        #expect(await queue(transport).deliverDue() == 1)
        #expect(await queue(transport).deliverDue() == 0)
        let post = try #require(transport.posts.first)
        #expect(post.url == "https://a.example.com/" && transport.posts.count == 1)
        let id = try #require(post.headers["webhook-id"])
        let timestamp = try #require(post.headers["webhook-timestamp"].flatMap { Int($0) })
        #expect(
            post.headers["webhook-signature"]
                == a.secret.signature(messageID: id, timestamp: timestamp, body: post.body))
        #expect(
            post.headers["webhook-signature"]
                != b.secret.signature(messageID: id, timestamp: timestamp, body: post.body))
        let payload = try Value(json: post.body)
        #expect(payload.objectValue?["type"] == "user.created")
        #expect(payload.objectValue?["data"] == ["userId": "u1"])
    }

    @Test("A change that rolls back reports nothing")
    func rollback() async throws {
        _ = try await endpoints().add(url: "https://a.example.com/", events: ["*"])
        let events = WebhookEvents(clock: clock, random: SecureRandomSource())
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await storage.transaction { store in
                try await events.enqueue(.userCreated, [:], in: store)
                throw Abort()
            }
        }
        #expect(await queue(RecordingWebhookTransport()).deliverDue() == 0)
    }

    @Test("Failures are retried with growing waits, each attempt signed afresh with the same webhook-id")
    func retries() async throws {
        _ = try await endpoints().add(url: "https://a.example.com/", events: ["*"])
        try await report(.userDeleted)
        let transport = RecordingWebhookTransport(answers: [503, 0, 500])
        let queue = queue(transport)
        #expect(await queue.deliverDue() == 1)
        #expect(await queue.deliverDue() == 0, "not due again at once")
        clock.advance(by: 2)
        #expect(await queue.deliverDue() == 1)
        clock.advance(by: 3)
        #expect(await queue.deliverDue() == 0, "the second wait is 4 s")
        clock.advance(by: 1)
        #expect(await queue.deliverDue() == 1)
        clock.advance(by: 8)
        #expect(await queue.deliverDue() == 1)
        clock.advance(by: 3_600)
        #expect(await queue.deliverDue() == 0, "delivered")
        #expect(Set(transport.posts.compactMap { $0.headers["webhook-id"] }).count == 1)
        #expect(Set(transport.posts.compactMap { $0.headers["webhook-timestamp"] }).count == 4)
    }

    @Test("A delivery refused for a day is given up; an endpoint failing for three days is disabled")
    func givingUp() async throws {
        let added = try await endpoints().add(url: "https://a.example.com/", events: ["*"])
        let transport = RecordingWebhookTransport(answers: Array(repeating: 500, count: 10_000))
        let queue = queue(transport)
        for _ in 0..<4 {
            try await report(.sessionCreated)
            for _ in 0..<30 {
                await queue.deliverDue()
                clock.advance(by: 3_600)
            }
        }
        let endpoint = try #require(try await endpoints().list().first)
        #expect(endpoint.disabledAt != nil && endpoint.id == added.endpoint.id)
        let deliveries = try await endpoints().deliveries(of: endpoint.id)
        #expect(deliveries.allSatisfy { $0.state == .failed && $0.payload == nil })
        // A disabled endpoint hears of nothing new; rotating its secret turns it back on.
        try await report(.sessionCreated)
        #expect(await queue.deliverDue() == 0)
        _ = try await endpoints().rotateSecret(id: endpoint.id)
        try await report(.sessionCreated)
        #expect(await queue.deliverDue() == 1)
    }

    @Test("A delivery held by one sender is not taken by another until its lease runs out")
    func leases() async throws {
        _ = try await endpoints().add(url: "https://a.example.com/", events: ["*"])
        try await report(.userCreated)
        let claimed = try await storage.transaction {
            try await $0.claimWebhookDeliveries(
                dueBy: clock.now, leaseUntil: clock.now.addingTimeInterval(60), limit: 5)
        }
        #expect(claimed.count == 1)
        let transport = RecordingWebhookTransport()
        #expect(await queue(transport).deliverDue() == 0)
        clock.advance(by: 61)
        #expect(await queue(transport).deliverDue() == 1)
    }

    @Test("Endpoints: events are checked, secrets are sealed at rest, removal drops what waits")
    func endpointRules() async throws {
        await #expect(throws: WebhookEndpoints.Problem.unknownEvent("user.exploded")) {
            try await endpoints().add(url: "https://a.example.com/", events: ["user.exploded"])
        }
        await #expect(throws: WebhookEndpoints.Problem.noEvents) {
            try await endpoints().add(url: "https://a.example.com/", events: [" , "])
        }
        await #expect(throws: WebhookEndpoints.Problem.url(.privateAddress("10.0.0.8"))) {
            try await endpoints().add(url: "https://10.0.0.8/", events: ["*"])
        }
        let added = try await endpoints().add(url: "https://a.example.com/", events: ["*"])
        #expect(added.endpoint.eventTypes == WebhookEventType.all.map(\.rawValue))
        let stored = try #require(try await endpoints().list().first)
        #expect(!String(decoding: stored.sealedSecret, as: UTF8.self).contains(added.secret.text))
        try await report(.userCreated)
        try await endpoints().remove(id: added.endpoint.id)
        #expect(await queue(RecordingWebhookTransport()).deliverDue() == 0)
        await #expect(throws: WebhookEndpoints.Problem.notFound) { try await endpoints().remove(id: added.endpoint.id) }
    }
}

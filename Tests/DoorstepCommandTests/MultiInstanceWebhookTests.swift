import DoorstepTestSupport
import Foundation
import Testing

/// Two `doorstep serve` processes on one PostgreSQL database share one delivery queue: each change's
/// webhook reaches the receiver once, whichever instance made it and whichever sends it.
@Suite(
    "Webhooks from two instances on one PostgreSQL database",
    .enabled(if: PostgresTestDatabase.serverURL != nil, "needs the server scripts/test starts"))
struct MultiInstanceWebhookTests {
    @Test("Sign-ups spread over A and B arrive once each, signed, from the shared queue")
    func eachOnce() async throws {
        let doorstep = try CommandRunner()
        let peer = try await WebhookPeer()
        let url = try await PostgresTestDatabase.create()
        let added = try await doorstep.run(
            "webhooks", "add", peer.url, "--events", "user.created", "--json", "--database", url, "--allow-private")
        #expect(added.status == 0, "\(added.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(added.standardOutput.utf8)) as? [String: Any]
        try peer.use(secret: try #require(object?["secret"] as? String))
        let instances = try (0..<2).map { _ in
            try ServerProcess(
                runner: doorstep, database: url, arguments: ["--rate-limits", "off", "--webhooks-allow-private"])
        }
        defer { for instance in instances { instance.terminate() } }
        let servers = [
            HTTP(base: try await instances[0].waitUntilListening()),
            HTTP(base: try await instances[1].waitUntilListening()),
        ]

        let emails = (0..<12).map { "person\($0)@example.com" }
        for (index, email) in emails.enumerated() {
            let made = try await servers[index % 2].send(
                "POST", "v1/auth/signup", json: ["email": email, "password": "Sunny-Days-2026"])
            #expect(made.status == 201)
        }
        _ = try await peer.wait { received in
            received.filter { $0.payload?.type == "user.created" }.count >= emails.count
        }
        // Every delivery sent or given up: no instance holds one it could send a second time.
        #expect(try await servers[0].waitUntilSettled("webhooks"))
        let settled = try peer.received()
        #expect(settled.allSatisfy { $0.verified }, "\(settled.compactMap(\.error))")
        #expect(settled.count == emails.count, "each change once")
        #expect(Set(settled.compactMap(\.id)).count == settled.count, "one webhook-id per change")
        let delivered = settled.compactMap { $0.payload?.data["email"]?.string }.sorted()
        #expect(delivered == emails.sorted())
        try? await PostgresTestDatabase.drop(url)
    }
}

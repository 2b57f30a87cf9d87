import Foundation

/// Waits for the durable queues to settle: each job sent or given up, none waiting for an attempt, so
/// nothing more will be delivered. A test that shows something arrived once waits for this instead of
/// a fixed time.
extension CommandRunner {
    /// Whether every webhook delivery in `database` was sent or given up within `seconds`.
    func waitUntilWebhooksSettled(database: String, within seconds: Double = 30) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let listed = try await run("webhooks", "list", "--json", "--database", database)
            let endpoints = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]]
            if let endpoints, endpoints.allSatisfy({ ($0["pending"] as? Int) == 0 }) { return true }
            try await Task.sleep(for: .milliseconds(200))
        } while Date() < deadline
        return false
    }
}

extension HTTP {
    /// Whether the server's mail outbox held no mail waiting (its `/readyz` says so) within `seconds`.
    func waitUntilOutboxSettled(within seconds: Double = 30) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let ready = try await send("GET", "readyz")
            let outbox = (ready.json as? [String: Any])?["outbox"] as? [String: Any]
            if (outbox?["pending"] as? Int) == 0 { return true }
            try await Task.sleep(for: .milliseconds(100))
        } while Date() < deadline
        return false
    }
}

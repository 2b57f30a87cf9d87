import Foundation

/// Waits for a server's durable queues to settle: each job sent or given up, none waiting for an
/// attempt, so nothing more will be delivered. A test that shows something arrived once waits for this
/// instead of a fixed time. The server says it at `/readyz`.
extension HTTP {
    /// Whether the server's `queue` (`outbox` or `webhooks`) held nothing waiting within `seconds`.
    func waitUntilSettled(_ queue: String, within seconds: Double = 30) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let ready = try await send("GET", "readyz")
            let backlog = (ready.json as? [String: Any])?[queue] as? [String: Any]
            if (backlog?["pending"] as? Int) == 0 { return true }
            try await Task.sleep(for: .milliseconds(100))
        } while Date() < deadline
        return false
    }
}

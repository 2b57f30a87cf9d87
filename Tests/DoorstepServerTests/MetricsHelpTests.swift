import Foundation
import Testing

@testable import DoorstepServer
@testable import DoorstepServerCore

@Suite("Metrics that explain themselves")
struct MetricsHelpTests {
    /// Server metrics with one sample in every series `DoorstepMetrics` reports.
    static func everySeries() -> ServerMetrics {
        let metrics = ServerMetrics.prometheus()
        let core = metrics.core
        core.request(route: "/v1/me", method: "GET", status: 200, nanoseconds: 3_000_000)
        core.rateLimited(route: "/v1/auth/login")
        core.signedIn(.password, isNew: true)
        core.signedIn(.code, isNew: false)
        core.signInFailed(.password, reason: "invalid_credentials")
        core.codeSent(purpose: "signup")
        core.lockedOut()
        core.refreshed()
        core.refreshTokenReused()
        core.hashing(running: 1, waiting: 2, workers: 2, queueLimit: 64)
        core.hashingShed()
        core.storage("transaction", nanoseconds: 1_000_000)
        core.mailDelivery("sent")
        let since = Date(timeIntervalSince1970: 1_000)
        core.outboxBacklog(OutboxBacklog(pending: 3, failed: 1, oldestPendingSince: since), now: since + 90)
        core.webhookBacklog(OutboxBacklog(pending: 0, failed: 0, oldestPendingSince: nil), now: since)
        core.ready(true)
        core.flowCompleted("destiny")
        return metrics
    }

    /// The metric names of the lines starting with `prefix` (`# TYPE `, `# HELP `).
    static func names(_ exposition: String, _ prefix: String) -> [String] {
        exposition.split(separator: "\n").filter { $0.hasPrefix(prefix) }.compactMap {
            $0.dropFirst(prefix.count).split(separator: " ").first.map(String.init)
        }
    }

    @Test("Every series has one # HELP and one # TYPE, and every help text is for a series the server reports")
    func everySeriesHasHelp() throws {
        let text = try #require(Self.everySeries().registry).emitToString()
        let typed = Self.names(text, "# TYPE ")
        let helped = Self.names(text, "# HELP ")
        #expect(typed.count == Set(typed).count && helped.count == Set(helped).count, "one line per family")
        #expect(Set(typed) == Set(helped))
        #expect(Set(typed) == Set(DoorstepMetrics.helpTexts.keys))
    }

    @Test("Counters end in _total and nothing else does; the queues' ages are in seconds")
    func namesCarryTheirUnits() throws {
        let text = try #require(Self.everySeries().registry).emitToString()
        for line in text.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            #expect((parts[3] == "counter") == parts[2].hasSuffix("_total"), "\(line)")
        }
        #expect(text.contains("\ndoorstep_mail_outbox_oldest_pending_age_seconds 90.0"))
        #expect(text.contains("\ndoorstep_webhook_queue_oldest_pending_age_seconds 0.0"))
        #expect(text.contains("\ndoorstep_ready 1.0"))
    }
}

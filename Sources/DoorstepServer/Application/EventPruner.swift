import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Logging
import ServiceLifecycle

/// Once an hour, folds walks idle for days into daily tallies and drops flow events older than the
/// retention, so the raw table holds recent walks only. Several instances may do this at once: each
/// event is folded by the one transaction that deleted it.
struct EventPruner: Service {
    let analytics: AnalyticsService
    let logger: Logger
    var interval: Duration = .seconds(3_600)

    func run() async throws {
        await repeatUntilShutdown(every: interval) { [analytics, logger] _ in
            do {
                let folded = try await analytics.compact()
                if folded > 0 { logger.info("idle walks compacted", metadata: ["walks": "\(folded)"]) }
                try await analytics.prune()
            } catch {
                logger.warning("flow events could not be compacted", metadata: ["reason": "\(error)"])
            }
        }
    }
}

import DoorstepServerCore
import Logging
import ServiceLifecycle

/// Drops flow events older than the retention, once an hour, so the raw table stays bounded.
/// Several instances may prune at once: deleting what is already gone changes nothing.
struct EventPruner: Service {
    let analytics: AnalyticsService
    let logger: Logger
    var interval: Duration = .seconds(3_600)

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                do {
                    try await analytics.prune()
                } catch {
                    logger.warning("old flow events could not be dropped", metadata: ["reason": "\(error)"])
                }
            }
        }
    }
}

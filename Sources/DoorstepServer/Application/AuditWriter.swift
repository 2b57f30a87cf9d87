import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation
import ServiceLifecycle

/// Writes the audit entries the services hand over, twice a second, and once more at shutdown;
/// forgets entries older than the retention once an hour.
struct AuditWriter: Service {
    let trail: AuditTrail
    let retention: TimeInterval
    var interval: Duration = .milliseconds(500)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var passes = 0
            while true {
                do { try await Task.sleep(for: interval) } catch { break }
                await trail.flush()
                if passes % 7_200 == 0 { await trail.prune(keeping: retention) }
                passes += 1
            }
        }
        // After the last request has answered: the HTTP server stops before the services it runs.
        await trail.flush()
    }
}

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
        await repeatUntilShutdown(every: interval) { [trail, retention] pass in
            await trail.flush()
            if pass % 7_200 == 0 { await trail.prune(keeping: retention) }
        }
        // After the last request has answered: the HTTP server stops before the services it runs.
        await trail.flush()
    }
}

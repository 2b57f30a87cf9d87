import DoorstepServerCore
import ServiceLifecycle

/// Writes the marks of sessions used that requests noted (``SessionUseMarks``) twice a second, and
/// once more at shutdown, after the last request has answered.
struct SessionUseWriter: Service {
    let marks: SessionUseMarks
    var interval: Duration = .milliseconds(500)

    func run() async throws {
        await repeatUntilShutdown(every: interval) { [marks] _ in await marks.write() }
        // After the last request has answered: the HTTP server stops before the services it runs.
        await marks.write()
    }
}

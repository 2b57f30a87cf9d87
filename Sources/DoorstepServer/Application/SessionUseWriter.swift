import DoorstepServerCore
import ServiceLifecycle

/// Writes the marks of sessions used that requests noted (``SessionUseMarks``) twice a second, and
/// once more at shutdown, after the last request has answered.
struct SessionUseWriter: Service {
    let marks: SessionUseMarks
    var interval: Duration = .milliseconds(500)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                await marks.write()
            }
        }
        await marks.write()
    }
}

import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import ServiceLifecycle

/// Drains the mail outbox in the background: at once when a service signals new mail, and every
/// second for retries that fall due. It stops on graceful shutdown; mail it did not get to stays in
/// the outbox for the next start (or another instance).
struct OutboxSender: Service {
    let outbox: MailOutbox
    var pollInterval: Duration = .seconds(1)

    func run() async throws {
        let outbox = outbox
        let pollInterval = pollInterval
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: pollInterval)
                outbox.wake()
            }
        }
        defer { ticker.cancel() }
        await withGracefulShutdownHandler {
            for await _ in outbox.wakeups { await outbox.deliverDue() }
        } onGracefulShutdown: {
            outbox.finish()
        }
    }
}

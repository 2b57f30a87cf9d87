import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import ServiceLifecycle

/// Drains the webhook queue in the background, once a second (an idle pass is one read), and
/// prunes finished deliveries once an hour. It stops on graceful shutdown; deliveries it did not
/// get to stay queued for the next start or another instance.
struct WebhookSender: Service {
    let queue: WebhookQueue
    var pollInterval: Duration = .seconds(1)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var passes = 0
            while !Task.isCancelled {
                await queue.deliverDue()
                if passes % 3_600 == 0 { await queue.pruneFinished() }
                passes += 1
                try? await Task.sleep(for: pollInterval)
            }
        }
    }
}

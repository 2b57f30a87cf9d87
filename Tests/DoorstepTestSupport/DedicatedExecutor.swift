import Dispatch

/// Threads of their own for a server a test runs inside the test process (a fake identity provider
/// whose keys a server process fetches within a timeout): its handlers then run beside the test pool,
/// not on it, so a busy pool cannot make the server answer too late.
public final class DedicatedExecutor: TaskExecutor {
    /// The executor every in-process test server shares.
    public static let shared = DedicatedExecutor()

    private let queue = DispatchQueue(label: "doorstep.test-servers", qos: .userInitiated, attributes: .concurrent)

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

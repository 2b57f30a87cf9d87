import Foundation

/// When a durable queue tries a failed job again, when it gives the job up, and how senders share the
/// work: the one schedule behind the mail outbox and the webhook queue.
public struct RetrySchedule: Sendable, Hashable {
    /// The wait after the first failed attempt; each later wait doubles, up to ``maximumDelay``.
    public var firstDelay: TimeInterval
    public var maximumDelay: TimeInterval
    /// A job still not done this long after it was written is given up and recorded as failed.
    public var giveUpAfter: TimeInterval
    /// How long a sender holds the jobs it took before another may take them over.
    public var lease: TimeInterval
    /// How many jobs one pass takes.
    public var batchSize: Int

    /// A schedule; the defaults give up after a day and take 20 jobs a pass.
    public init(
        firstDelay: TimeInterval = 2, maximumDelay: TimeInterval, giveUpAfter: TimeInterval = 24 * 3_600,
        lease: TimeInterval, batchSize: Int = 20
    ) {
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
        self.giveUpAfter = giveUpAfter
        self.lease = lease
        self.batchSize = batchSize
    }

    /// The wait before the attempt after `attempts` failed ones.
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        min(maximumDelay, firstDelay * pow(2, Double(min(30, max(0, attempts - 1)))))
    }

    /// What becomes of `job` after an attempt that failed for `reason`: tried again after the next
    /// delay, or given up (failed, its content dropped) when the failure is permanent or the job has
    /// waited longer than ``giveUpAfter``. Returns whether it was given up.
    public func settle<Job: LeasedJob>(_ job: inout Job, failedFor reason: String, permanently: Bool, at now: Date)
        -> Bool
    {
        job.lastError = reason
        job.leasedUntil = nil
        if permanently || now.timeIntervalSince(job.createdAt) >= giveUpAfter {
            job.finish(succeeded: false, at: now)
            return true
        }
        job.nextAttemptAt = now.addingTimeInterval(delay(afterAttempts: job.attempts))
        return false
    }
}

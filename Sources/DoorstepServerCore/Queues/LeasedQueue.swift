import Foundation
import Logging

/// The claim step both durable queues share: a cheap read asks whether anything is due (most passes
/// find nothing, and a read takes no write lock), then one transaction takes up to a batch of due jobs
/// no other sender holds and leases them. The claim locks the rows it takes and reads from a snapshot,
/// so the requests writing new jobs meanwhile never run again because a sender read the queue. What a
/// queue does with its jobs is its own.
struct LeasedQueue<Job: LeasedJob> {
    let storage: any Storage
    let schedule: RetrySchedule
    let logger: Logger
    /// Whether any job is due by a time and held by no sender.
    let hasDue: @Sendable (any StorageTransaction, Date) async throws -> Bool
    /// Takes up to a number of due jobs and holds them until a time.
    let claim: @Sendable (any StorageTransaction, _ dueBy: Date, _ leaseUntil: Date, _ limit: Int) async throws -> [Job]

    /// The jobs this sender now holds, oldest first; empty when none is due or the queue could not be
    /// read (logged as `unreadable`).
    func claimDue(at now: Date, unreadable: Logger.Message) async -> [Job] {
        do {
            guard try await storage.read({ try await hasDue($0, now) }) else { return [] }
            let leaseUntil = now.addingTimeInterval(schedule.lease)
            let limit = schedule.batchSize
            return try await storage.transaction(isolation: .snapshot) { try await claim($0, now, leaseUntil, limit) }
        } catch {
            logger.error(unreadable, metadata: ["reason": "\(error)"])
            return []
        }
    }

    /// Logs what became of a failed attempt at `job` (`what`: "a mail", "a webhook") once its outcome is
    /// recorded, so a line saying it will be tried again is never written for a job still held by a
    /// sender that could die before recording it.
    func reportFailure(of job: Job, what: String, metadata: Logger.Metadata) {
        var metadata = metadata
        metadata["attempts"] = "\(job.attempts)"
        metadata["reason"] = "\(job.lastError ?? "")"
        if job.isFailed {
            logger.error("\(what) could not be delivered and was given up", metadata: metadata)
        } else {
            logger.warning("\(what) could not be delivered yet; it will be tried again", metadata: metadata)
        }
    }
}

import DoorstepServerCore
import Foundation
import Testing

/// The one schedule behind the mail outbox and the webhook queue.
@Suite("Retry schedule")
struct RetryScheduleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func mail() -> OutboxRecord {
        var record = OutboxRecord(id: UUID(), kind: "code.login", sealed: Data([1, 2, 3]), createdAt: start)
        record.attempts = 1
        record.leasedUntil = start.addingTimeInterval(120)
        return record
    }

    @Test("Waits double from the first delay up to the maximum")
    func delays() {
        let schedule = RetrySchedule(firstDelay: 0.5, maximumDelay: 4, lease: 60)
        #expect((1...6).map(schedule.delay(afterAttempts:)) == [0.5, 1, 2, 4, 4, 4])
        #expect(schedule.delay(afterAttempts: 10_000) == 4)
    }

    @Test("A failure is tried again later, its lease let go and its content kept")
    func retried() {
        let schedule = RetrySchedule(maximumDelay: 300, lease: 120)
        var record = mail()
        let now = start.addingTimeInterval(5)
        #expect(!schedule.settle(&record, failedFor: "421 try later", permanently: false, at: now))
        #expect(record.state == .pending && record.sealed != nil && record.leasedUntil == nil)
        #expect(record.nextAttemptAt == now.addingTimeInterval(2))
        #expect(record.lastError == "421 try later")
    }

    @Test("A permanent failure, or one after the give-up time, ends the job and drops its content")
    func givenUp() {
        let schedule = RetrySchedule(maximumDelay: 300, giveUpAfter: 600, lease: 120)
        var refused = mail()
        #expect(schedule.settle(&refused, failedFor: "550 no such mailbox", permanently: true, at: start))
        #expect(refused.state == .failed && refused.sealed == nil && refused.finishedAt == start)
        var late = mail()
        #expect(!schedule.settle(&late, failedFor: "timeout", permanently: false, at: start.addingTimeInterval(599)))
        #expect(schedule.settle(&late, failedFor: "timeout", permanently: false, at: start.addingTimeInterval(600)))
        #expect(late.state == .failed && late.sealed == nil && late.lastError == "timeout")
    }
}

import Foundation

extension MemoryTransaction {
    func insertOutboxMail(_ record: OutboxRecord) async throws {
        state.withLock { state in
            state.outbox[record.id] = record
            state.outboxOrder.append(record.id)
        }
    }

    func hasClaimableOutboxMail(dueBy now: Date) async throws -> Bool {
        state.withLock { state in
            state.outbox.values.contains { $0.isClaimable(at: now) }
        }
    }

    func claimOutboxMail(dueBy now: Date, leaseUntil: Date, limit: Int) async throws -> [OutboxRecord] {
        state.withLock { state in
            let due = state.outboxOrder.compactMap { state.outbox[$0] }.filter { $0.isClaimable(at: now) }.prefix(limit)
            return due.map { record in
                state.outbox[record.id] = record.leased(until: leaseUntil)
                return record.leased(until: leaseUntil)
            }
        }
    }

    func updateOutboxMail(_ record: OutboxRecord) async throws {
        state.withLock { $0.outbox[record.id] = record }
    }

    func outboxBacklog() async throws -> OutboxBacklog {
        state.withLock { $0.outbox.values.backlog }
    }
}

import Foundation

extension MemoryTransaction {
    func insertAuditEntries(_ entries: [AuditRecord]) async throws {
        state.withLock { $0.audit.append(contentsOf: entries) }
    }

    func auditEntries(accountID: UUID?, since date: Date, limit: Int, offset: Int) async throws -> [AuditRecord] {
        state.withLock { state in
            Array(
                state.audit.filter { $0.at >= date && (accountID == nil || $0.accountID == accountID) }
                    .sorted { $0.at != $1.at ? $0.at > $1.at : $0.id.uuidString < $1.id.uuidString }
                    .dropFirst(max(0, offset)).prefix(limit))
        }
    }

    func deleteAuditEntries(before date: Date) async throws {
        state.withLock { $0.audit.removeAll { $0.at < date } }
    }
}

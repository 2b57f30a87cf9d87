import Foundation

extension MemoryTransaction {
    func entitlement(originalTransactionID: String) async throws -> EntitlementRecord? {
        state.withLock { $0.entitlements[originalTransactionID] }
    }

    func entitlements(userID: UUID) async throws -> [EntitlementRecord] {
        state.withLock { state in
            state.entitlements.values.filter { $0.userID == userID }
                .sorted { ($0.purchasedAt, $0.originalTransactionID) < ($1.purchasedAt, $1.originalTransactionID) }
        }
    }

    func saveEntitlement(_ entitlement: EntitlementRecord) async throws {
        state.withLock { $0.entitlements[entitlement.originalTransactionID] = entitlement }
    }
}

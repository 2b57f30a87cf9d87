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

extension MemoryTransaction {
    func entitlements(sharedWith userID: UUID, groupKind: String) async throws -> [EntitlementRecord] {
        state.withLock { state in
            let families = Set(
                state.members.values.flatMap { $0 }.filter { $0.userID == userID }.map(\.groupID)
                    .filter { state.groups[$0]?.kind == groupKind })
            let owners = Set(families.flatMap { state.members[$0] ?? [] }.map(\.userID)).union([userID])
            return state.entitlements.values.filter { owners.contains($0.userID) }
        }
    }
}

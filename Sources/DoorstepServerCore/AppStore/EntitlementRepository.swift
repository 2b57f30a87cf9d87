import Foundation

/// What accounts bought in the App Store.
public protocol EntitlementRepository: Sendable {
    func entitlement(originalTransactionID: String) async throws -> EntitlementRecord?
    /// The account's entitlements, active or not, oldest purchase first.
    func entitlements(userID: UUID) async throws -> [EntitlementRecord]
    /// In one read, the account's entitlements and those of the other members of its groups of kind
    /// `groupKind`, active or not, each once, in no particular order: what a token is minted with.
    func entitlements(sharedWith userID: UUID, groupKind: String) async throws -> [EntitlementRecord]
    /// Inserts the record, or replaces the one of the same original transaction.
    func saveEntitlement(_ entitlement: EntitlementRecord) async throws
}

extension EntitlementRepository {
    /// What the account may use at `now`: its own entitlements, then those the other members of its
    /// families (groups of kind `family`) bought, marked `FAMILY_SHARED`; each oldest purchase first.
    func activeEntitlements(of userID: UUID, at now: Date) async throws -> [EntitlementRecord] {
        EntitlementRecord.active(
            in: try await entitlements(sharedWith: userID, groupKind: EntitlementRecord.sharingGroupKind),
            of: userID, at: now)
    }
}

extension EntitlementRecord {
    /// Of `all`, read by ``EntitlementRepository/entitlements(sharedWith:groupKind:)``, what the
    /// account may use at `now`: its own, then its families' marked `FAMILY_SHARED`; each oldest
    /// purchase first.
    static func active(in all: [EntitlementRecord], of userID: UUID, at now: Date) -> [EntitlementRecord] {
        var own: [EntitlementRecord] = []
        var shared: [EntitlementRecord] = []
        for var entitlement in all where entitlement.isActive(at: now) {
            if entitlement.userID == userID {
                own.append(entitlement)
            } else if !shared.contains(where: { $0.originalTransactionID == entitlement.originalTransactionID }) {
                entitlement.ownershipType = EntitlementRecord.familyShared
                shared.append(entitlement)
            }
        }
        let order = { (a: EntitlementRecord, b: EntitlementRecord) in
            (a.purchasedAt, a.originalTransactionID) < (b.purchasedAt, b.originalTransactionID)
        }
        return own.sorted(by: order) + shared.sorted(by: order)
    }
}

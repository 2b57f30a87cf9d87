import Foundation

/// What accounts bought in the App Store.
public protocol EntitlementRepository: Sendable {
    func entitlement(originalTransactionID: String) async throws -> EntitlementRecord?
    /// The account's entitlements, active or not, oldest purchase first.
    func entitlements(userID: UUID) async throws -> [EntitlementRecord]
    /// Inserts the record, or replaces the one of the same original transaction.
    func saveEntitlement(_ entitlement: EntitlementRecord) async throws
}

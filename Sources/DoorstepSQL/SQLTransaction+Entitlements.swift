import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func entitlement(originalTransactionID: String) async throws -> EntitlementRecord? {
        try await rows(
            "SELECT * FROM entitlements WHERE original_transaction_id = ?", [.text(originalTransactionID)]
        ).first.flatMap { Self.entitlement($0) }
    }

    public func entitlements(userID: UUID) async throws -> [EntitlementRecord] {
        try await rows(
            "SELECT * FROM entitlements WHERE user_id = ? ORDER BY purchased_at, original_transaction_id",
            [.text(userID.key)]
        ).compactMap { Self.entitlement($0) }
    }

    public func entitlements(sharedWith userID: UUID, groupKind: String) async throws -> [EntitlementRecord] {
        try await rows(
            FrequentSQL.entitlementsSharedWith, [.text(userID.key), .text(groupKind), .text(userID.key)]
        ).compactMap { Self.entitlement($0) }
    }

    public func saveEntitlement(_ entitlement: EntitlementRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO entitlements (original_transaction_id, user_id, product_id, transaction_id, environment,
                ownership_type, purchased_at, expires_at, revoked_at, signed_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (original_transaction_id) DO UPDATE SET user_id = excluded.user_id,
                product_id = excluded.product_id, transaction_id = excluded.transaction_id,
                environment = excluded.environment, ownership_type = excluded.ownership_type,
                purchased_at = excluded.purchased_at, expires_at = excluded.expires_at,
                revoked_at = excluded.revoked_at, signed_at = excluded.signed_at, updated_at = excluded.updated_at
            """,
            [
                .text(entitlement.originalTransactionID), .text(entitlement.userID.key), .text(entitlement.productID),
                .text(entitlement.transactionID), .text(entitlement.environment), .text(entitlement.ownershipType),
                .time(entitlement.purchasedAt), .time(entitlement.expiresAt), .time(entitlement.revokedAt),
                .time(entitlement.signedAt), .time(entitlement.updatedAt),
            ])
    }

    /// The entitlement in `row`, its columns named `prefix` and their own names; nil when they are NULL.
    static func entitlement(_ row: SQLRow, prefix: String = "") -> EntitlementRecord? {
        guard let original = row.string(prefix + "original_transaction_id"), let userID = row.uuid(prefix + "user_id"),
            let product = row.string(prefix + "product_id"), let transaction = row.string(prefix + "transaction_id"),
            let environment = row.string(prefix + "environment"), let ownership = row.string(prefix + "ownership_type"),
            let purchasedAt = row.date(prefix + "purchased_at"), let signedAt = row.date(prefix + "signed_at"),
            let updatedAt = row.date(prefix + "updated_at")
        else { return nil }
        return EntitlementRecord(
            originalTransactionID: original, userID: userID, productID: product, transactionID: transaction,
            environment: environment, ownershipType: ownership, purchasedAt: purchasedAt,
            expiresAt: row.date(prefix + "expires_at"), revokedAt: row.date(prefix + "revoked_at"), signedAt: signedAt,
            updatedAt: updatedAt)
    }
}

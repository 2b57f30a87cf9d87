import Foundation

/// What an account may use because of an App Store purchase: one per original transaction (a
/// subscription keeps its original transaction through every renewal).
public struct EntitlementRecord: Sendable, Hashable {
    public var originalTransactionID: String
    public var userID: UUID
    public var productID: String
    /// The newest transaction of the purchase this server has seen.
    public var transactionID: String
    public var environment: String
    /// `PURCHASED`, or `FAMILY_SHARED` when a family member's purchase is shared.
    public var ownershipType: String
    public var purchasedAt: Date
    /// When a subscription's current period ends; nil for a purchase that does not expire.
    public var expiresAt: Date?
    /// When the App Store took the purchase back (a refund, a family member leaving).
    public var revokedAt: Date?
    /// When Apple signed the newest data applied: older data arriving later changes nothing.
    public var signedAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        originalTransactionID: String, userID: UUID, productID: String, transactionID: String, environment: String,
        ownershipType: String, purchasedAt: Date, expiresAt: Date?, revokedAt: Date?, signedAt: Date, updatedAt: Date
    ) {
        self.originalTransactionID = originalTransactionID
        self.userID = userID
        self.productID = productID
        self.transactionID = transactionID
        self.environment = environment
        self.ownershipType = ownershipType
        self.purchasedAt = purchasedAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.signedAt = signedAt
        self.updatedAt = updatedAt
    }

    /// Whether the account may use the product at `now`: not taken back, and not past its period.
    public func isActive(at now: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { $0 > now } ?? true)
    }
}

extension EntitlementRecord {
    /// The kind of group whose members share what each of them bought.
    package static let sharingGroupKind = "family"
    /// The ownership of an entitlement a family member bought, as another member sees it.
    static let familyShared = "FAMILY_SHARED"
}

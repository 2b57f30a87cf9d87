import Foundation
import JWTKit

/// What a StoreKit 2 transaction says about itself once its signature is checked (Apple's
/// `JWSTransactionDecodedPayload`): the fields Doorstep keeps, times in milliseconds since 1970.
public struct SignedTransaction: JWTPayload, Sendable, Hashable {
    public var transactionId: String
    public var originalTransactionId: String
    public var bundleId: String
    public var productId: String
    /// `Auto-Renewable Subscription`, `Non-Consumable`, `Consumable` or `Non-Renewing Subscription`.
    public var type: String?
    /// The UUID the app set at purchase: Doorstep sets it to the account's id.
    public var appAccountToken: String?
    public var environment: String
    /// `PURCHASED`, or `FAMILY_SHARED` for a family member's access through Family Sharing.
    public var inAppOwnershipType: String?
    public var purchaseDate: Double
    public var expiresDate: Double?
    public var revocationDate: Double?
    public var signedDate: Double

    /// A transaction as the App Store signs it (the server reads one; tests and tools write one).
    public init(
        transactionId: String, originalTransactionId: String, bundleId: String, productId: String, type: String?,
        appAccountToken: String?, environment: String, inAppOwnershipType: String?, purchaseDate: Double,
        expiresDate: Double?, revocationDate: Double?, signedDate: Double
    ) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.bundleId = bundleId
        self.productId = productId
        self.type = type
        self.appAccountToken = appAccountToken
        self.environment = environment
        self.inAppOwnershipType = inAppOwnershipType
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.revocationDate = revocationDate
        self.signedDate = signedDate
    }

    /// Claims are checked by ``AppStoreVerifier`` against the server's configuration, not here.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}

    static func date(_ milliseconds: Double?) -> Date? {
        milliseconds.map { Date(timeIntervalSince1970: $0 / 1000) }
    }
}

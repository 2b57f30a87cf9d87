import DoorstepFlow

extension ErrorCode {
    /// A signed App Store transaction that is not Apple's, or not for this app or environment.
    public static let invalidTransaction: ErrorCode = "invalid_transaction"
    /// An App Store purchase made by, or already kept for, another account.
    public static let purchaseOfAnotherAccount: ErrorCode = "purchase_of_another_account"
    /// An App Store purchase the App Store took back (a refund, a revocation).
    public static let transactionRevoked: ErrorCode = "transaction_revoked"
}

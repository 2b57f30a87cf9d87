import Foundation

/// What an App Store Server Notification did.
public enum NotificationOutcome: String, Sendable, Hashable {
    /// Its transaction was applied to the entitlement of the account that keeps the purchase.
    case applied
    /// Apple sent it again; it was applied the first time.
    case alreadyApplied = "already_applied"
    /// It concerns no account here (no transaction, or a purchase made without an account's token).
    case ignored
}

extension PurchaseService {
    /// How long a notification's id is remembered; Apple retries a notification for about three days.
    static let notificationMemory: TimeInterval = 30 * 86_400

    /// Applies an App Store Server Notification (V2): its signed transaction, checked as the app's
    /// own are, updates the entitlement of the account that keeps the purchase (or that the
    /// transaction's `appAccountToken` names, for a purchase not yet recorded). Each notification is
    /// applied once by its `notificationUUID`; one signed before what was applied changes nothing, so
    /// notifications arriving out of order leave the newest state.
    public func apply(notification jws: String) async throws -> NotificationOutcome {
        guard let verifier else { throw Self.purchasesOff }
        let now = context.clock.now
        let notification = try await verified { try await verifier.notification(jws, at: now) }
        guard let info = notification.data?.signedTransactionInfo else { return .ignored }
        let transaction = try await verified { try await verifier.transaction(info, at: now) }
        return try await storage.transaction { store in
            let remembered = now.addingTimeInterval(-Self.notificationMemory)
            let seen = try await store.marks(
                .appStoreNotification, subject: notification.notificationUUID, since: remembered)
            guard seen.isEmpty else { return .alreadyApplied }
            try await store.mark(
                .appStoreNotification, subject: notification.notificationUUID, LedgerMark(at: now, weight: 1),
                forgettingBefore: remembered)
            let kept = try await store.entitlement(originalTransactionID: transaction.originalTransactionId)
            guard let owner = try await owner(of: transaction, kept: kept, in: store) else { return .ignored }
            _ = try await apply(
                transaction, to: owner, refusingRevokedReplay: false, by: "app_store", in: store, at: now)
            return .applied
        }
    }

    /// The account a notification's transaction belongs to: the one keeping the purchase, else the one
    /// its `appAccountToken` names, if that account exists.
    private func owner(of transaction: SignedTransaction, kept: EntitlementRecord?, in store: any StorageTransaction)
        async throws -> UUID?
    {
        if let kept { return kept.userID }
        guard let token = transaction.appAccountToken.flatMap(UUID.init(uuidString:)),
            try await store.user(id: token) != nil
        else { return nil }
        return token
    }
}

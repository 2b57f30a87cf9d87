import DoorstepFlow
import Foundation
import Logging

/// App Store purchases on the account that made them: a signed transaction the app forwards is
/// checked (``AppStoreVerifier``), must name the caller (the app sets `appAccountToken` to the account's
/// id), and becomes an entitlement that stays with that account. A restore on another account moves
/// nothing; data older than what was applied changes nothing; a purchase the App Store took back stays
/// taken back.
public struct PurchaseService: Sendable {
    let storage: any Storage
    /// Nil when the server takes no App Store purchases (no bundle id configured).
    let verifier: AppStoreVerifier?
    /// Whether a purchase of another account stays there or moves to the caller.
    let restorePolicy: RestorePolicy
    /// The time, the log, the audit trail and the webhook events entitlement changes go to.
    let context: ServiceContext

    /// Creates the service.
    public init(
        storage: any Storage, verifier: AppStoreVerifier?, restorePolicy: RestorePolicy = .keep,
        context: ServiceContext
    ) {
        self.storage = storage
        self.verifier = verifier
        self.restorePolicy = restorePolicy
        self.context = context
    }

    /// Applies a signed transaction to the caller's entitlements; returns the entitlement as it now
    /// stands (inactive when the transaction was refunded or revoked). A purchase of another account
    /// is refused, or moved to the caller, as the ``RestorePolicy`` says.
    public func record(_ caller: Caller, signedTransaction jws: String) async throws -> EntitlementRecord {
        guard let verifier else { throw Self.purchasesOff }
        let now = context.clock.now
        let transaction = try await verified { try await verifier.transaction(jws, at: now) }
        let transferring = restorePolicy == .transfer
        guard transferring || transaction.appAccountToken?.lowercased() == caller.userID.lowercasedText else {
            throw Self.anotherAccount
        }
        return try await storage.transaction { store in
            try await apply(
                transaction, to: caller.userID, refusingRevokedReplay: true, transferring: transferring, by: "user",
                in: store, at: now)
        }
    }

    /// Applies a verified transaction to `owner`'s entitlement: when another account keeps the
    /// purchase, refused, or moved to `owner` when `transferring`; data signed before what was applied
    /// changes nothing, and when the purchase was taken back, a caller replaying it is told so
    /// (`refusingRevokedReplay`).
    func apply(
        _ transaction: SignedTransaction, to owner: UUID, refusingRevokedReplay: Bool, transferring: Bool = false,
        by actor: String, in store: any StorageTransaction, at now: Date
    ) async throws -> EntitlementRecord {
        let kept = try await store.entitlement(originalTransactionID: transaction.originalTransactionId)
        var entitlement = Self.entitlement(of: transaction, for: owner, at: now)
        if let kept {
            let elsewhere = kept.userID != owner
            guard !elsewhere || transferring else { throw Self.anotherAccount }
            let signedAt = SignedTransaction.date(transaction.signedDate) ?? now
            if refusingRevokedReplay, kept.revokedAt != nil, signedAt <= kept.signedAt { throw Self.revoked }
            if signedAt <= kept.signedAt {
                guard elsewhere else { return kept }
                // Older data moves the purchase but keeps the newest state applied.
                entitlement = kept
                entitlement.userID = owner
                entitlement.updatedAt = now
            }
            if elsewhere {
                try await store.saveEntitlement(entitlement)
                try await reportTransfer(of: entitlement, from: kept, by: actor, in: store)
                return entitlement
            }
        }
        try await store.saveEntitlement(entitlement)
        try await report(entitlement, replacing: kept, by: actor, in: store)
        return entitlement
    }

    /// Tells webhooks and the audit log what a change did: granted (a purchase new here), renewed (a
    /// later transaction of a purchase kept here) or revoked; nothing for a change anyone acts on
    /// otherwise (a renewal turned off, a period over).
    func report(
        _ entitlement: EntitlementRecord, replacing kept: EntitlementRecord?, by actor: String,
        in store: any StorageTransaction
    ) async throws {
        let type: WebhookEventType
        if entitlement.revokedAt != nil {
            guard kept?.revokedAt == nil else { return }
            type = .entitlementRevoked
            context.audit.record(
                .entitlementRevoked, user: entitlement.userID, reason: entitlement.productID, actor: actor)
        } else if let kept {
            guard kept.transactionID != entitlement.transactionID else { return }
            type = .entitlementRenewed
        } else {
            guard entitlement.isActive(at: context.clock.now) else { return }
            type = .entitlementGranted
            context.audit.record(
                .entitlementGranted, user: entitlement.userID, reason: entitlement.productID, actor: actor)
        }
        try await context.webhooks.enqueue(type, Self.webhookData(of: entitlement), in: store)
    }

    /// Tells webhooks and both accounts' audit logs that a purchase moved: revoked for the account
    /// that had it (if it could use it), granted to the one that has it now (if it can).
    private func reportTransfer(
        of entitlement: EntitlementRecord, from kept: EntitlementRecord, by actor: String,
        in store: any StorageTransaction
    ) async throws {
        let (from, to) = (kept.userID.lowercasedText, entitlement.userID.lowercasedText)
        let detail = "\(entitlement.productID) from=\(from) to=\(to)"
        context.audit.record(.entitlementTransferred, user: kept.userID, reason: detail, actor: actor)
        context.audit.record(.entitlementTransferred, user: entitlement.userID, reason: detail, actor: actor)
        if kept.isActive(at: context.clock.now) {
            var data = Self.webhookData(of: kept)
            data["reason"] = "transferred"
            try await context.webhooks.enqueue(.entitlementRevoked, data, in: store)
        }
        if entitlement.isActive(at: context.clock.now) {
            var data = Self.webhookData(of: entitlement)
            data["reason"] = "transferred"
            try await context.webhooks.enqueue(.entitlementGranted, data, in: store)
        }
    }

    /// What a webhook says of an entitlement.
    static func webhookData(of entitlement: EntitlementRecord) -> [String: Value] {
        var data: [String: Value] = [
            "userId": .id(entitlement.userID), "productId": .string(entitlement.productID),
            "originalTransactionId": .string(entitlement.originalTransactionID),
            "ownershipType": .string(entitlement.ownershipType),
        ]
        if let expiresAt = entitlement.expiresAt { data["expiresAt"] = .string(expiresAt.formatted(.iso8601)) }
        return data
    }

    /// The caller's entitlements that are active now: their own, then those the other members of
    /// their families (groups of kind `family`) bought, shared as Family Sharing shares; each oldest
    /// purchase first.
    public func entitlements(_ caller: Caller) async throws -> [EntitlementRecord] {
        let now = context.clock.now
        return try await storage.read { try await $0.activeEntitlements(of: caller.userID, at: now) }
    }

    /// `check`'s answer, or 422 with the reason logged.
    func verified<Value>(_ check: () async throws -> Value) async throws -> Value {
        do {
            return try await check()
        } catch let error as AppStoreVerificationError {
            context.logger.warning("App Store data was refused", metadata: ["reason": "\(error.reason)"])
            throw Self.unverified
        }
    }

    /// Whether `entitlement` is active now.
    public func isActive(_ entitlement: EntitlementRecord) -> Bool {
        entitlement.isActive(at: context.clock.now)
    }

    static func entitlement(of transaction: SignedTransaction, for userID: UUID, at now: Date) -> EntitlementRecord {
        EntitlementRecord(
            originalTransactionID: transaction.originalTransactionId, userID: userID, productID: transaction.productId,
            transactionID: transaction.transactionId, environment: transaction.environment,
            ownershipType: transaction.inAppOwnershipType ?? "PURCHASED",
            purchasedAt: SignedTransaction.date(transaction.purchaseDate) ?? now,
            expiresAt: SignedTransaction.date(transaction.expiresDate),
            revokedAt: SignedTransaction.date(transaction.revocationDate),
            signedAt: SignedTransaction.date(transaction.signedDate) ?? now, updatedAt: now)
    }

    static let purchasesOff = ServiceError(
        status: 404, code: .notFound, detail: "This server does not take App Store purchases.")
    static let unverified = ServiceError(
        status: 422, code: .invalidTransaction, detail: "This purchase could not be verified with the App Store.")
    static let anotherAccount = ServiceError(
        status: 403, code: .purchaseOfAnotherAccount,
        detail: "This purchase belongs to another account. Sign in to the account that made it.")
    static let revoked = ServiceError(
        status: 409, code: .transactionRevoked, detail: "The App Store took this purchase back.")
}

import Foundation
import Logging

/// What an operator does to accounts outside a request — `doorstep users delete`, `doorstep sessions
/// revoke` — through the same services and credential rules a request uses, with the same webhooks,
/// and recorded in the audit log as the operator's. The command line maps flags to these; nothing
/// about an account is decided there.
public struct OperatorActions: Sendable {
    let storage: any Storage
    let clock: any WallClock
    let credentials: AccountCredentials
    let profile: ProfileService
    let auditTrail: AuditTrail
    let random: any RandomSource
    /// Entitlements granted and taken back by hand, with the webhooks and audit entries of purchases.
    let purchases: PurchaseService

    /// Creates the actions on the server's store.
    /// - Parameter deletionHooks: what else a deletion undoes, such as revoking Apple's tokens.
    public init(
        storage: any Storage, avatars: any AvatarStore, clock: any WallClock, random: any RandomSource,
        deletionHooks: [@Sendable (UserRecord, [IdentityRecord]) async -> Void] = []
    ) {
        let webhooks = WebhookEvents(clock: clock, random: random)
        let auditTrail = AuditTrail(storage: storage, clock: clock, random: random)
        let context = ServiceContext(
            clock: clock, random: random, logger: Logger(label: "doorstep.operator"), webhooks: webhooks,
            auditTrail: auditTrail)
        self.storage = storage
        self.clock = clock
        self.credentials = AccountCredentials(webhooks: webhooks)
        self.profile = ProfileService(
            storage: storage, avatars: avatars, context: context, deletionHooks: deletionHooks)
        self.auditTrail = auditTrail
        self.random = random
        self.purchases = PurchaseService(storage: storage, verifier: nil, context: context)
    }

    /// What revoking a session did.
    public enum Revocation: Sendable, Equatable {
        /// It ended now.
        case revoked
        /// It had ended before (signed out, revoked, or ended by a reset); nothing changed.
        case alreadyEnded
        /// No session has that id.
        case unknown
    }

    /// Ends a session at once on every instance, as its owner's "sign out" would.
    public func revokeSession(_ id: UUID) async throws -> Revocation {
        let now = clock.now
        let outcome = try await storage.transaction { store -> (Revocation, UUID?) in
            guard let session = try await store.session(id: id) else { return (.unknown, nil) }
            guard session.revokedAt == nil else { return (.alreadyEnded, session.userID) }
            try await credentials.revoke(sessionID: id, at: now, in: store)
            return (.revoked, session.userID)
        }
        if outcome.0 == .revoked {
            auditTrail.append(
                "session_revoked", account: outcome.1, actor: "operator", session: id, detail: "revoked_by_operator")
            await auditTrail.flush()
        }
        return outcome.0
    }

    /// Deletes an account and everything held about it, as its owner's deletion does.
    public func deleteAccount(_ id: UUID) async throws {
        try await profile.deleteAccount(userID: id)
        await auditTrail.flush()
    }
}

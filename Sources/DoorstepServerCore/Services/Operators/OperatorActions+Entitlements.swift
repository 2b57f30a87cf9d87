import Foundation

/// `doorstep entitlements`: what support sees of and does to an account's entitlements, with the
/// webhooks and audit entries of App Store ones, the audit naming the operator.
extension OperatorActions {
    /// Everything the account holds: its own entitlements whatever their state, then those its
    /// families share with it now.
    public func entitlements(of userID: UUID) async throws -> [EntitlementRecord] {
        try await purchases.held(by: userID)
    }

    /// Gives the account `productID` until `end` (nil: for good), as an entitlement granted by hand.
    /// - Throws: ``EntitlementChangeProblem`` for a malformed product id or an end already past;
    ///   nothing is written then.
    public func grantEntitlement(_ productID: String, to userID: UUID, until end: Date?) async throws
        -> EntitlementRecord
    {
        let id = "support-" + random.uuid().lowercasedText
        let granted = try await purchases.grant(productID, to: userID, until: end, id: id, by: Self.actor)
        await auditTrail.flush()
        return granted
    }

    /// Takes back the account's active entitlements of `productID`; returns them as they now stand.
    /// - Throws: ``EntitlementChangeProblem/notHeld(_:)`` when it holds none of its own; nothing is
    ///   written then.
    public func revokeEntitlement(_ productID: String, of userID: UUID) async throws -> [EntitlementRecord] {
        let revoked = try await purchases.revoke(productID, of: userID, by: Self.actor)
        await auditTrail.flush()
        return revoked
    }

    /// Who the audit log says acted.
    static let actor = "operator"
}

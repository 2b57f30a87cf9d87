import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func recordPurchase(_ input: Operations.RecordPurchase.Input) async throws
        -> Operations.RecordPurchase.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let entitlement = try await services.purchases.record(caller, signedTransaction: body.signedTransaction)
        return .ok(
            .init(body: .json(WireModels.entitlement(entitlement, active: services.purchases.isActive(entitlement)))))
    }

    package func listEntitlements(_ input: Operations.ListEntitlements.Input) async throws
        -> Operations.ListEntitlements.Output
    {
        let entitlements = try await services.purchases.entitlements(try await caller())
        return .ok(
            .init(body: .json(.init(entitlements: entitlements.map { WireModels.entitlement($0, active: true) }))))
    }
}

extension WireModels {
    static func entitlement(_ entitlement: EntitlementRecord, active: Bool) -> Components.Schemas.Entitlement {
        .init(
            productId: entitlement.productID, originalTransactionId: entitlement.originalTransactionID,
            transactionId: entitlement.transactionID, environment: entitlement.environment,
            ownershipType: entitlement.ownershipType, purchasedAt: entitlement.purchasedAt,
            expiresAt: entitlement.expiresAt, revokedAt: entitlement.revokedAt, active: active)
    }
}

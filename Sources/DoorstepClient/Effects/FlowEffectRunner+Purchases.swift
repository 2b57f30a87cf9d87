import DoorstepFlow
import Foundation

/// A paywall in the app: the device buys from the App Store for the signed-in account, and the server
/// verifies the signed transaction and keeps the entitlement on the account, which is what the flow
/// reads back.
extension FlowEffectRunner {
    public func purchase(_ purchase: EffectPurchase) async throws -> String? {
        guard let productID = purchase.productID else { return nil }
        switch await device.purchase(productID: productID, appAccountToken: try await accountID()) {
        case .purchased(let signedTransaction):
            let entitlement = try await client.recordPurchase(signedTransaction: signedTransaction)
            return entitlement.isActive ? entitlement.productID : nil
        case .pending: return nil
        case .cancelled: throw EffectFailure.cancelled()
        case .unavailable: throw EffectFailure.unavailable
        case .notSold: return try await client.entitlements().first(where: \.isActive)?.productID
        }
    }

    /// Hands the server every transaction the Apple Account may use, then reads what the signed-in account
    /// holds. A transaction another account made stays with it; when nothing else is found, the
    /// person reads why.
    public func restorePurchases() async throws -> String? {
        var refusal: (any Error)?
        for signedTransaction in await device.restorePurchases() {
            do {
                try await client.recordPurchase(signedTransaction: signedTransaction)
            } catch DoorstepError.server(let problem) where problem.code == .purchaseOfAnotherAccount {
                refusal = DoorstepError.server(problem)
            }
        }
        if let entitlement = try await client.entitlements().first(where: \.isActive) { return entitlement.productID }
        if let refusal { throw refusal }
        return nil
    }

    /// The signed-in account's id, which purchases carry as their `appAccountToken`.
    private func accountID() async throws -> UUID {
        guard case .signedIn(let userID, _) = await client.authState, let id = UUID(uuidString: userID) else {
            throw EffectFailure.unauthenticated
        }
        return id
    }
}

import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore

/// A paywall in the browser sells nothing: plans are bought in the app, where the App Store is. The
/// choice is counted with the walk (the paywall's answer), and what the account already holds — bought
/// in the app, shared by its family, granted by support — is its entitlement here too.
extension FunnelEffects {
    func purchase(_ purchase: EffectPurchase) async throws -> String? {
        try await activeEntitlement()
    }

    func restorePurchases() async throws -> String? {
        try await activeEntitlement()
    }

    /// The product of the account's oldest active entitlement, if it has one.
    private func activeEntitlement() async throws -> String? {
        try await services.purchases.entitlements(try caller()).first?.productID
    }
}

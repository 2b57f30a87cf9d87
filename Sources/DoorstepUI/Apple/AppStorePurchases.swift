#if canImport(SwiftUI) && canImport(StoreKit)
    import DoorstepClient
    import DoorstepPresentation
    import Foundation
    import StoreKit

    /// A paywall's purchases through StoreKit 2: the product bought for the signed-in account (its id as
    /// the `appAccountToken`, so the server can tell whose it is), restores through `AppStore.sync()`,
    /// and every transaction handed to the server as Apple signed it. The server verifies; the device
    /// never decides what an account owns.
    extension AppleDeviceEffects {
        public func purchase(productID: String, appAccountToken: UUID) async -> StorePurchase {
            do {
                guard let product = try await Product.products(for: [productID]).first else { return .unavailable }
                switch try await product.purchase(options: [.appAccountToken(appAccountToken)]) {
                case .success(let verification):
                    // The server keeps the entitlement; StoreKit's current entitlements hand it over again
                    // at the next launch should this request not reach it.
                    if case .verified(let transaction) = verification { await transaction.finish() }
                    return .purchased(signedTransaction: verification.jwsRepresentation)
                case .pending: return .pending
                case .userCancelled: return .cancelled
                @unknown default: return .unavailable
                }
            } catch {
                return .unavailable
            }
        }

        public func restorePurchases() async -> [String] {
            do {
                try await AppStore.sync()
            } catch {
                return []
            }
            return await AppStoreTransactions.current()
        }
    }

    /// What StoreKit says the Apple Account holds, as signed transactions for the server.
    public enum AppStoreTransactions {
        /// The transactions of everything the Apple Account may use now.
        static func current() async -> [String] {
            var signed: [String] = []
            for await verification in Transaction.currentEntitlements { signed.append(verification.jwsRepresentation) }
            return signed
        }

        /// Hands the server what the Apple Account holds now, then every renewal, refund, upgrade and
        /// approved Ask to Buy as it arrives, until the task is cancelled. Start it once, early, with
        /// `.task { await AppStoreTransactions.forward(to: client) }` on the app's root view.
        public static func forward(to client: DoorstepClient) async {
            await client.forwardPurchases(current())
            for await verification in Transaction.updates {
                await client.forwardPurchases([verification.jwsRepresentation])
                if case .verified(let transaction) = verification { await transaction.finish() }
            }
        }

        /// The store's prices of `productIDs`, in the person's currency, by product id; a product the
        /// store does not know is absent.
        static func prices(of productIDs: [String]) async -> [String: StorePrice] {
            guard let products = try? await Product.products(for: productIDs) else { return [:] }
            var prices: [String: StorePrice] = [:]
            for product in products {
                prices[product.id] = StorePrice(
                    displayPrice: product.displayPrice,
                    period: product.subscription.map { period($0.subscriptionPeriod) })
            }
            return prices
        }

        private static func period(_ period: Product.SubscriptionPeriod) -> StorePrice.Period {
            switch period.unit {
            case .day: StorePrice.Period(period.value, .day)
            case .week: StorePrice.Period(period.value, .week)
            case .month: StorePrice.Period(period.value, .month)
            case .year: StorePrice.Period(period.value, .year)
            @unknown default: StorePrice.Period(period.value, .month)
            }
        }
    }
#endif

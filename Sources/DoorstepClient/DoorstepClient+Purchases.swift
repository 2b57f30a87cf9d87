import DoorstepAPI
import Foundation

/// An App Store purchase the server keeps on the signed-in account.
public struct Entitlement: Sendable, Hashable {
    public var productID: String
    public var originalTransactionID: String
    public var expiresAt: Date?
    /// `PURCHASED`, or `FAMILY_SHARED` through Family Sharing.
    public var ownershipType: String
    /// Whether the account may use the product now.
    public var isActive: Bool
}

extension DoorstepClient {
    /// Hands the server a StoreKit 2 signed transaction (`Transaction.jwsRepresentation`) after a
    /// purchase, a restore or an update, and returns the entitlement as the server now keeps it. Buy
    /// with `appAccountToken` set to the signed-in account's id, or the server refuses it
    /// (``ErrorCode/purchaseOfAnotherAccount``).
    @discardableResult
    public func recordPurchase(signedTransaction: String) async throws -> Entitlement {
        let body = Components.Schemas.PurchaseRequest(signedTransaction: signedTransaction)
        return try await authorized {
            switch try await self.send({ try await self.api.recordPurchase(body: .json(body)) }) {
            case .ok(let ok): return Self.entitlement(try ok.body.json)
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// The signed-in account's active entitlements.
    public func entitlements() async throws -> [Entitlement] {
        try await authorized {
            switch try await self.send({ try await self.api.listEntitlements() }) {
            case .ok(let ok): return try ok.body.json.entitlements.map(Self.entitlement)
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Hands the server transactions the device's store reports (at launch, on renewals, refunds and
    /// approvals) while someone is signed in, and returns how many it kept. A transaction the server
    /// refuses — another account's, a forgery — is skipped: it changes nothing here.
    @discardableResult
    public func forwardPurchases(_ signedTransactions: [String]) async -> Int {
        guard case .signedIn = await authState else { return 0 }
        var kept = 0
        for signedTransaction in signedTransactions {
            if (try? await recordPurchase(signedTransaction: signedTransaction)) != nil { kept += 1 }
        }
        return kept
    }

    static func entitlement(_ wire: Components.Schemas.Entitlement) -> Entitlement {
        Entitlement(
            productID: wire.productId, originalTransactionID: wire.originalTransactionId, expiresAt: wire.expiresAt,
            ownershipType: wire.ownershipType, isActive: wire.active)
    }
}

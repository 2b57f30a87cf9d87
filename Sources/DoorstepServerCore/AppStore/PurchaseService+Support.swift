import Foundation

/// Why support could not change an account's entitlements.
public enum EntitlementChangeProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The product id is empty, too long, or has characters App Store product ids never have.
    case invalidProduct(String)
    /// The end asked for is not after now.
    case endInThePast
    /// The account holds no active entitlement of the product (a family-shared one is its buyer's).
    case notHeld(String)

    public var description: String {
        switch self {
        case .invalidProduct(let product):
            return "\"\(product)\" is not a product id (letters, digits, periods, dashes and underscores)"
        case .endInThePast: return "the end of the grant must be in the future"
        case .notHeld(let product): return "the account holds no active entitlement of \(product)"
        }
    }
}

extension PurchaseService {
    /// How an entitlement support granted by hand is marked, where the App Store writes `PURCHASED`.
    public static let granted = "GRANTED"
    /// The environment of an entitlement support granted by hand.
    public static let supportEnvironment = "Support"

    /// Everything an account holds, for support: its own entitlements whatever their state, oldest
    /// purchase first, then those its families share with it now (`FAMILY_SHARED`).
    public func held(by userID: UUID) async throws -> [EntitlementRecord] {
        let now = context.clock.now
        return try await storage.read { store in
            let own = try await store.entitlements(userID: userID)
            let shared = try await store.activeEntitlements(of: userID, at: now).filter { $0.userID != userID }
            return own + shared
        }
    }

    /// Gives the account `productID` by hand until `end` (nil: for good), as an entitlement of its own
    /// (`GRANTED`, environment `Support`) named `id`; webhooks and the audit log hear of it as of a
    /// purchase, the audit naming `actor`.
    public func grant(_ productID: String, to userID: UUID, until end: Date?, id: String, by actor: String)
        async throws -> EntitlementRecord
    {
        try Self.checkProduct(productID)
        let now = context.clock.now
        if let end, end <= now { throw EntitlementChangeProblem.endInThePast }
        let entitlement = EntitlementRecord(
            originalTransactionID: id, userID: userID, productID: productID, transactionID: id,
            environment: Self.supportEnvironment, ownershipType: Self.granted, purchasedAt: now, expiresAt: end,
            revokedAt: nil, signedAt: now, updatedAt: now)
        try await storage.transaction { store in
            try await store.saveEntitlement(entitlement)
            try await report(entitlement, replacing: nil, by: actor, in: store)
        }
        return entitlement
    }

    /// Takes back every active entitlement of `productID` the account holds itself (granted by hand
    /// or bought); returns them as they now stand. A purchase taken back stays so until the App Store
    /// signs something newer about it, such as a renewal.
    public func revoke(_ productID: String, of userID: UUID, by actor: String) async throws -> [EntitlementRecord] {
        try Self.checkProduct(productID)
        let now = context.clock.now
        return try await storage.transaction { store in
            let held = try await store.entitlements(userID: userID).filter {
                $0.productID == productID && $0.isActive(at: now)
            }
            guard !held.isEmpty else { throw EntitlementChangeProblem.notHeld(productID) }
            var revoked: [EntitlementRecord] = []
            for kept in held {
                var entitlement = kept
                entitlement.revokedAt = now
                entitlement.updatedAt = now
                try await store.saveEntitlement(entitlement)
                try await report(entitlement, replacing: kept, by: actor, in: store)
                revoked.append(entitlement)
            }
            return revoked
        }
    }

    static func checkProduct(_ productID: String) throws {
        guard (1...255).contains(productID.utf8.count),
            productID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else { throw EntitlementChangeProblem.invalidProduct(productID) }
    }
}

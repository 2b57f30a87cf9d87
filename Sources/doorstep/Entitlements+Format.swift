import DoorstepServerCore
import Foundation

extension Entitlements {
    /// The moment `--until` names: the end of a day (UTC) given as YYYY-MM-DD, or an ISO 8601 time.
    static func end(of text: String) throws -> Date {
        if let day = try? Date(text, strategy: Date.ISO8601FormatStyle().year().month().day()),
            text.count == 10
        {
            return day.addingTimeInterval(86_400)
        }
        if let time = try? Date(text, strategy: .iso8601) { return time }
        throw Users.failure(
            "\"\(text)\" is not a date: write YYYY-MM-DD or an ISO 8601 time such as 2027-01-31T12:00:00Z.",
            code: 2)
    }

    /// Whether an entitlement may be used at `now`, and if not, why.
    static func state(of entitlement: EntitlementRecord, at now: Date) -> String {
        if entitlement.revokedAt != nil { return "revoked" }
        return entitlement.isActive(at: now) ? "active" : "expired"
    }

    /// One line per entitlement (product, original transaction, end, ownership, state), or JSON.
    static func print(_ entitlements: [EntitlementRecord], json: Bool, now: Date) throws {
        if json {
            let objects: [[String: Any]] = entitlements.map { entitlement in
                [
                    "userId": entitlement.userID.lowercasedText, "productId": entitlement.productID,
                    "originalTransactionId": entitlement.originalTransactionID,
                    "expiresAt": entitlement.expiresAt.map(Keys.format) ?? NSNull(),
                    "ownershipType": entitlement.ownershipType, "state": state(of: entitlement, at: now),
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys])
            Swift.print(String(decoding: data, as: UTF8.self))
            return
        }
        if entitlements.isEmpty { Swift.print("no entitlements") }
        for entitlement in entitlements {
            let end = entitlement.expiresAt.map { "until \(Keys.format($0))" } ?? "no end"
            Swift.print(
                [
                    entitlement.productID, entitlement.originalTransactionID, end, entitlement.ownershipType,
                    state(of: entitlement, at: now),
                ].joined(separator: "  "))
        }
    }
}

import Foundation

/// The effects of a paywall: buying the chosen plan and restoring what the account bought before. Both
/// deliver `entitlement`, the product the account may use now (empty when none), for the flow to branch on.
extension EffectInvocation {
    mutating func purchase() async throws -> [String: Value] {
        let field = arguments.text("field")
        let plan = answers[field]?.stringValue ?? ""
        guard let option = flow.field(field)?.options?.first(where: { $0.value == plan }) else {
            throw EffectFailure(.validationFailed, message: "Please choose a plan.")
        }
        let purchase = EffectPurchase(flowID: flow.id, field: field, plan: plan, productID: option.productId)
        return ["entitlement": .string(try await performer.purchase(purchase) ?? "")]
    }

    mutating func restorePurchases() async throws -> [String: Value] {
        guard let entitlement = try await performer.restorePurchases() else {
            throw EffectFailure(.nothingToRestore, message: "No purchases were found for this account.")
        }
        return ["entitlement": .string(entitlement)]
    }
}

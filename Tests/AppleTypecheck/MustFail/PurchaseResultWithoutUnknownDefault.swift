// expected: switch covers known cases, but 'Product.PurchaseResult' may have additional unknown values
// A purchase result handled as if StoreKit could never add a case: Product.PurchaseResult is not frozen,
// so an app built today must say what it does with an outcome a later iOS adds.
import StoreKit

func signedTransaction(of product: Product, for account: UUID) async throws -> String? {
    switch try await product.purchase(options: [.appAccountToken(account)]) {
    case .success(let verification): return verification.jwsRepresentation
    case .pending, .userCancelled: return nil
    }
}

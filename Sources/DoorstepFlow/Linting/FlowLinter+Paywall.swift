import Foundation

/// The rules of a paywall: it says what App Review requires, and a price comes from the store.
extension FlowLinter {
    mutating func checkPaywall(_ block: Block, on screen: Screen) {
        guard block.kind == .paywall else {
            if block.paywall != nil {
                add(screen: screen.id, "a \(block.kind.rawValue) block has paywall terms; only a paywall takes them")
            }
            return
        }
        guard let terms = block.paywall else {
            add(screen: screen.id, "a paywall needs \"paywall\" terms: renewal, termsLink, privacyLink, elsewhere")
            return
        }
        for (name, text) in [("renewal", terms.renewal), ("elsewhere", terms.elsewhere)] where text.isEmpty {
            add(screen: screen.id, "a paywall's \"\(name)\" cannot be empty")
        }
        for (name, link) in [("termsLink", terms.termsLink), ("privacyLink", terms.privacyLink)]
        where !Self.isPublicLink(link) {
            add(screen: screen.id, "a paywall's \"\(name)\" must be an https address")
        }
        let options = block.field.flatMap { index.fields[$0]?.options } ?? []
        if let recommended = terms.recommended, !options.contains(where: { $0.value == recommended }) {
            add(screen: screen.id, field: block.field, "a paywall recommends \"\(recommended)\", which is no plan")
        }
        for option in options where option.productId != nil && option.price != nil {
            add(
                screen: screen.id, field: block.field,
                "plan \"\(option.value)\" sells a product and names a price; its price comes from the store")
        }
    }

    /// `purchase` buys the plan of a field some paywall asks for.
    mutating func checkPurchase(_ call: EffectCall, from: String, on action: String) {
        let field = call.args?["field"]?.stringValue ?? ""
        let paywalls = flow.screens.flatMap(\.blocks).filter { $0.kind == .paywall }
        if !paywalls.contains(where: { $0.field == field }) {
            add(screen: from, "\"purchase\" on \"\(action)\" names \"\(field)\", which no paywall asks for")
        }
    }

    private static func isPublicLink(_ link: String) -> Bool {
        guard let url = URL(string: link) else { return false }
        return url.scheme == "https" && !(url.host ?? "").isEmpty
    }
}

import DoorstepFlow
import DoorstepPresentation
import Foundation
import Testing

/// Kordant's plan step as a paywall: its plans and features from the flow, prices from the store in the
/// person's language, and the lines App Review asks for.
@Suite("Paywall presentation")
struct PaywallPresentationTests {
    func paywall(in language: String? = nil) throws -> PaywallContent {
        var flow = try #require(try FlowCatalog.bundled().flow("kordant"))
        if let language {
            flow = flow.localized(with: try FlowCatalog.strings("kordant"), preferredLanguages: [language]).definition
        }
        let snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: "plan")
        let screen = ScreenPresenter(
            engine: try FlowEngine(flow: flow, restoring: snapshot), now: Date(timeIntervalSince1970: 0)
        ).present()
        let contents = screen.blocks.compactMap { block -> PaywallContent? in
            if case .paywall(let paywall) = block.content { return paywall }
            return nil
        }
        return try #require(contents.first)
    }

    @Test("The plans carry their features; Basic is free, Plus and Premium wait for the store's price")
    func plans() throws {
        let paywall = try paywall()
        #expect(paywall.plans.options.map(\.title) == ["Basic", "Plus", "Premium"])
        #expect(paywall.plans.options.map(\.price) == ["Free", nil, nil])
        #expect(paywall.plans.options.allSatisfy { $0.features.count == 3 })
        #expect(paywall.productIDs == ["com.kordant.plus.monthly", "com.kordant.premium.monthly"])
        #expect(paywall.recommended == "plus")
        #expect(paywall.renewal.hasPrefix("Plus and Premium renew each month at the price shown"))
        #expect(paywall.terms == PaywallContent.Link(title: "Terms of Use", url: "https://kordant.com/legal/terms"))
        #expect(paywall.privacy.title == "Privacy Policy")
    }

    @Test("Prices are the store's, with their period; a product the store does not know shows none")
    func storePrices() throws {
        let priced = try paywall().priced([
            "com.kordant.plus.monthly": StorePrice(displayPrice: "$4.99", period: .init(1, .month)),
            "com.kordant.unknown": StorePrice(displayPrice: "$1.00", period: nil),
        ])
        #expect(priced.plans.options.map(\.price) == ["Free", "$4.99 a month", nil])
        let halfYear = try paywall().priced([
            "com.kordant.premium.monthly": StorePrice(displayPrice: "$49.99", period: .init(6, .month))
        ])
        #expect(halfYear.plans.options.last?.price == "$49.99 every 6 months")
    }

    @Test("In Spanish and Arabic the words around the price are the person's, the price the store's")
    func translated() throws {
        let spanish = try paywall(in: "es").priced([
            "com.kordant.plus.monthly": StorePrice(displayPrice: "4,99 €", period: .init(1, .month)),
            "com.kordant.premium.monthly": StorePrice(displayPrice: "99,99 €", period: .init(1, .year)),
        ])
        #expect(spanish.plans.options.map(\.price) == ["Gratis", "4,99 € al mes", "99,99 € al año"])
        #expect(spanish.terms.title == "Términos de uso")
        #expect(spanish.plans.options[1].features.first == "Hasta 10 correos y números de teléfono")
        let arabic = try paywall(in: "ar")
        #expect(arabic.privacy.title == "سياسة الخصوصية")
        #expect(arabic.renewal.contains("Apple"))
    }
}

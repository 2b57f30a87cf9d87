import DoorstepFlow
import Foundation
import Testing

/// A paywall says what App Review requires beside a price, and never names a price of its own.
@Suite("Paywall linting")
struct PaywallLintTests {
    func problems(_ change: (inout FlowDefinition) -> Void) throws -> [String] {
        var flow = try Catalog.flow("kordant")
        change(&flow)
        return FlowLinter.problems(in: flow).map(\.description)
    }

    func paywall(_ flow: inout FlowDefinition, _ change: (inout Block) -> Void) {
        let screen = flow.screens.firstIndex { $0.id == "plan" }!
        let block = flow.screens[screen].blocks.firstIndex { $0.kind == .paywall }!
        change(&flow.screens[screen].blocks[block])
    }

    @Test("A plan that sells a product and names a price is refused: the price is the store's")
    func priceFromTheFlow() throws {
        let found = try problems { flow in
            let plan = flow.fields.firstIndex { $0.id == "plan" }!
            flow.fields[plan].options?[1].price = "$4.99/mo"
        }
        #expect(
            found.contains(
                "screen \"plan\", field \"plan\": plan \"plus\" sells a product and names a price; its price comes from the store"
            ))
    }

    @Test("Terms and privacy must be https addresses, and the recommended plan one of the plans")
    func links() throws {
        let found = try problems { flow in
            paywall(&flow) { block in
                block.paywall?.termsLink = "http://kordant.com/terms"
                block.paywall?.privacyLink = "javascript:alert(1)"
                block.paywall?.recommended = "gold"
            }
        }
        #expect(found.contains("screen \"plan\": a paywall's \"termsLink\" must be an https address"))
        #expect(found.contains("screen \"plan\": a paywall's \"privacyLink\" must be an https address"))
        #expect(found.contains("screen \"plan\", field \"plan\": a paywall recommends \"gold\", which is no plan"))
    }

    @Test("A paywall without its terms, and a purchase of a field no paywall asks for")
    func missingTerms() throws {
        let found = try problems { flow in
            paywall(&flow) { $0.paywall = nil }
            let buy = flow.transitions.firstIndex { $0.from == "plan" && $0.on == "continue" }!
            flow.transitions[buy].effects?[0].args = ["field": "familyCode"]
        }
        #expect(
            found.contains(
                "screen \"plan\": a paywall needs \"paywall\" terms: renewal, termsLink, privacyLink, elsewhere"))
        #expect(
            found.contains(
                "screen \"plan\": \"purchase\" on \"continue\" names \"familyCode\", which no paywall asks for"))
    }
}

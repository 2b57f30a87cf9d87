import DoorstepFlow
import Foundation
import Testing

@Suite("Simulation and graphs")
struct FlowToolsTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("Every reference flow can be walked to its terminal screen", arguments: FlowCatalog.referenceIDs)
    func simulateEveryFlow(_ id: String) throws {
        let walk = FlowSimulator(flow: try Catalog.flow(id), now: now).run()
        #expect(walk.outcome == .completed)
        #expect(walk.snapshot.completed)
    }

    @Test("--set account.exists=true takes TANDA's existing-account branch")
    func overrideBranch() throws {
        let walk = FlowSimulator(flow: try Catalog.flow("tanda"), overrides: ["account.exists": true], now: now).run()
        #expect(walk.steps.map(\.screen) == ["slide1", "createAccount", "passwordLogin", "home"])
    }

    @Test("A walk that cannot go on says where and why")
    func stuck() throws {
        let walk = FlowSimulator(flow: try Catalog.flow("tanda"), overrides: ["email": "not-an-email"], now: now).run()
        #expect(
            walk.outcome
                == .stuck(screen: "createAccount", reason: "field \"email\": Please enter a valid email address."))
    }

    @Test("The Mermaid graph names every screen and labels branches with their conditions")
    func graph() throws {
        let flow = try Catalog.flow("tanda")
        let graph = MermaidGraph.render(flow)
        #expect(graph.hasPrefix("flowchart TD\n"))
        for screen in flow.screens { #expect(graph.contains("s_\(screen.id)")) }
        #expect(
            graph.contains(
                "s_createAccount -->|continue (identify, sendCode, sendCode) if account.exists = true| s_passwordLogin")
        )
        #expect(graph.contains("s_home([\"home\"])"))
    }
}

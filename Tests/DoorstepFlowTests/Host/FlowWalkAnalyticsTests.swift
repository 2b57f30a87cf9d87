import DoorstepFlow
import Foundation
import Testing

@Suite("Walk analytics")
struct FlowWalkAnalyticsTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("Leaving a field records nothing, though it shows a message; the problem counts when the person acts")
    func leavingAField() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/signup", withExtension: "json"))
        var engine = FlowEngine(flow: try FlowDefinition.decode(from: Data(contentsOf: url)))
        var analytics = FlowWalkAnalytics()
        #expect(analytics.shown(engine) == [FlowWalkEvent(.screenShown, screen: "email")])
        func step(_ event: FlowEvent) -> [FlowWalkEvent] {
            let before = engine
            engine.handle(event, at: now)
            return analytics.stepped(event, from: before, to: engine)
        }
        #expect(step(.answerChanged(field: "email", value: "not-an-email")).isEmpty)
        #expect(step(.fieldLeft("email")).isEmpty, "a page's script shows this message without telling the server")
        #expect(engine.issue(for: "email")?.code == "invalid_email", "the message is shown all the same")
        #expect(
            step(.actionTapped("continue")) == [
                FlowWalkEvent(.fieldAnswered, screen: "email", field: "email"),
                FlowWalkEvent(.action, screen: "email", action: "continue"),
                FlowWalkEvent(.errorShown, screen: "email", field: "email", code: "invalid_email"),
            ])
    }

    @Test("The plan chosen on a paywall is counted with its answer: a value of the flow's options, never typed words")
    func paywallChoice() throws {
        let flow = try Catalog.flow("kordant")
        var engine = try FlowEngine(
            flow: flow, restoring: FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: "plan"))
        engine.handle(.answerChanged(field: "plan", value: "plus"), at: now)
        var analytics = FlowWalkAnalytics()
        let before = engine
        engine.handle(.actionTapped("continue"), at: now)
        let events = analytics.stepped(.actionTapped("continue"), from: before, to: engine)
        #expect(events.first == FlowWalkEvent(.fieldAnswered, screen: "plan", field: "plan", code: "plus"))
        #expect(events.dropFirst().first == FlowWalkEvent(.action, screen: "plan", action: "continue"))
    }
}

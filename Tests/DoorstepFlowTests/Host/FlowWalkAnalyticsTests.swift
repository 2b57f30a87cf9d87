import DoorstepFlow
import Foundation
import Testing

@Suite("Walk analytics")
struct FlowWalkAnalyticsTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("Leaving a field records the problem it brought to light once, and nothing when there is none")
    func leavingAField() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/signup", withExtension: "json"))
        var engine = FlowEngine(flow: try FlowDefinition.decode(from: Data(contentsOf: url)))
        var analytics = FlowWalkAnalytics()
        func step(_ event: FlowEvent) -> [FlowWalkEvent] {
            let before = engine
            engine.handle(event, at: now)
            return analytics.stepped(event, from: before, to: engine)
        }
        #expect(step(.answerChanged(field: "email", value: "not-an-email")).isEmpty)
        let shown = step(.fieldLeft("email"))
        #expect(shown == [FlowWalkEvent(.errorShown, screen: "email", field: "email", code: "invalid_email")])
        #expect(step(.fieldLeft("email")).isEmpty, "the same problem left again is not news")
        #expect(step(.answerChanged(field: "email", value: "sam@example.com")).isEmpty)
        #expect(step(.fieldLeft("email")).isEmpty)
    }
}

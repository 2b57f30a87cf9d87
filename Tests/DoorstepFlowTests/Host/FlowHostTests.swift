import DoorstepFlow
import Foundation
import Testing

@Suite("Flow host")
struct FlowHostTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// The walk events of one step that runs no effect.
    static func events(of event: FlowEvent, in host: inout FlowHost, at now: Date) -> [FlowWalkEvent] {
        var run = host.begin(event, at: now)
        #expect(host.nextEffect(in: &run) == nil)
        return host.end(run).events
    }

    @Test("A tap refused for a wrong answer counts each time, after the field was left too, as a page sent again does")
    func refusedTapsCount() throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/signup", withExtension: "json"))
        var host = FlowHost(engine: FlowEngine(flow: try FlowDefinition.decode(from: Data(contentsOf: url))))
        let refused = [
            FlowWalkEvent(.fieldAnswered, screen: "email", field: "email"),
            FlowWalkEvent(.action, screen: "email", action: "continue"),
            FlowWalkEvent(.errorShown, screen: "email", field: "email", code: "invalid_email"),
        ]
        var entering = host.beginEntering()
        #expect(host.nextEffect(in: &entering) == nil)
        #expect(host.end(entering).events == [FlowWalkEvent(.screenShown, screen: "email")])
        #expect(Self.events(of: .answerChanged(field: "email", value: "not-an-email"), in: &host, at: now).isEmpty)
        #expect(Self.events(of: .fieldLeft("email"), in: &host, at: now).isEmpty)
        #expect(Self.events(of: .actionTapped("continue"), in: &host, at: now) == refused)
        #expect(Self.events(of: .actionTapped("continue"), in: &host, at: now) == refused, "tapped again")
        #expect(host.engine.snapshot.screen == "email")
    }
}

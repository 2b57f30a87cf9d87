import DoorstepFlow
import Foundation
import Testing

@Suite("Launch routing")
struct LaunchTests {
    @Test("A first run starts at each flow's start screen", arguments: FlowCatalog.referenceIDs)
    func firstRun(_ id: String) throws {
        let flow = try Catalog.flow(id)
        let launch = FlowEngine.launch(flow: flow, snapshot: nil, session: .signedOut)
        #expect(launch.engine.screen.id == flow.start)
        #expect(launch.engine.snapshot.results["snapshot.exists"] == false)
    }

    @Test("TANDA: a completed, signed-in person lands home; a signed-out one starts again")
    func tanda() throws {
        let flow = try Catalog.flow("tanda")
        var done = FlowSnapshot(startOf: flow)
        done.screen = "home"
        done.completed = true
        #expect(
            FlowEngine.launch(flow: flow, snapshot: done, session: SessionState(isSignedIn: true)).landing
                == .screen("home"))
        #expect(FlowEngine.launch(flow: flow, snapshot: done, session: .signedOut).landing == .start)
    }

    @Test("A screen that needs a session is not resumed without one")
    func sessionRequired() throws {
        let flow = try Catalog.flow("tanda")
        var midway = FlowSnapshot(startOf: flow)
        midway.screen = "name"
        midway.history = ["celebration", "createPassword"]
        #expect(
            FlowEngine.launch(flow: flow, snapshot: midway, session: SessionState(isSignedIn: true)).landing
                == .resume(screen: "name"))
        #expect(FlowEngine.launch(flow: flow, snapshot: midway, session: .signedOut).landing == .start)
    }

    @Test("Launch facts stay readable by the flow's conditions")
    func facts() throws {
        let launch = FlowEngine.launch(
            flow: try Catalog.flow("destiny"), snapshot: nil,
            session: SessionState(isSignedIn: true, isGuest: true))
        #expect(launch.engine.value("session.active") == true)
        #expect(launch.engine.value("session.isGuest") == true)
        #expect(launch.landing == .screen("splash"))
    }
}

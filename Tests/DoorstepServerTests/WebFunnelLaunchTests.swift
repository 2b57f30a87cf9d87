import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: opening a flow")
struct WebFunnelLaunchTests {
    @Test("A launch that finishes a move left under way records it and keeps the walk on the server, as the app's does")
    func launchRunsWhatWasUnderWay() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let flow = try #require(try FlowCatalog.bundled().flow("familysync"))
        try await server.test { client in
            // A guest who tried a wrong invite code, then went back to name a household instead.
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/familysync")
            for action in ["next", "next", "getStarted", "guest", "join"] {
                try await browser.submit("familysync", press: action)
            }
            try await browser.submit("familysync", [("inviteCode", "K7M2QX9Q")], press: "join")
            try await browser.submit("familysync", press: "back")
            #expect(browser.screen == "householdSetup")

            // The page closed while the household was being made: the walk was kept with that move under way.
            let cookie = try #require(browser.cookies["doorstep_funnel"])
            let creating = try #require(
                flow.transitions.firstIndex { $0.from == "householdSetup" && $0.on == "create" })
            let userID = try await Self.editStoredWalk(of: "familysync", cookie: cookie, on: server) { snapshot in
                snapshot.answers["householdName"] = "Smith Family"
                snapshot.pending = PendingMove(transition: creating, effect: 1, requestID: snapshot.nextRequestID)
                snapshot.nextRequestID += 1
            }

            try await browser.open("/flows/familysync")
            #expect(browser.screen == "mainApp", "the launch made the household and moved on")
            let kept = try await server.storage.read { try await $0.progress(userID: userID, flowID: "familysync") }
            let progress = try FlowSnapshot(json: try #require(kept).snapshot)
            #expect(progress.screen == "mainApp", "the walk on the server is where the launch left it")
            let events = try await server.storage.read {
                try await $0.events(flowID: "familysync", from: .distantPast, to: .distantFuture)
            }
            #expect(events.filter { $0.kind == .completed }.count == 1, "the flow's end, reached by the launch")
        }
    }

    /// Changes the walk a browser's stored session keeps; returns the account it is signed in to.
    static func editStoredWalk(
        of flowID: String, cookie: String, on server: TestServer, _ edit: (inout FlowSnapshot) -> Void
    ) async throws -> UUID {
        let idHash = Digests.sha256Hex(cookie)
        var record = try #require(try await server.storage.read { try await $0.browserSession(idHash: idHash) })
        var state = try #require(try JSONSerialization.jsonObject(with: record.state) as? [String: Any])
        var snapshots = try #require(state["snapshots"] as? [String: Any])
        var snapshot = try FlowSnapshot(
            json: try JSONSerialization.data(withJSONObject: try #require(snapshots[flowID])))
        edit(&snapshot)
        snapshots[flowID] = try JSONSerialization.jsonObject(with: try snapshot.jsonData())
        state["snapshots"] = snapshots
        record.state = try JSONSerialization.data(withJSONObject: state)
        try await server.storage.transaction { [record] in try await $0.saveBrowserSession(record) }
        let signedIn = try #require(state["signedIn"] as? [String: Any], "the guest is signed in")
        return try #require((signedIn["userID"] as? String).flatMap(UUID.init(uuidString:)))
    }
}

import DoorstepClient
import DoorstepFlow
import DoorstepTestSupport
import Foundation
import Testing

@Suite("The device's time zone reaches the flow's dates")
struct TimeZoneSessionTests {
    let server = URL(string: "http://doorstep.test")!

    @Test(
        "In California at 21:00 on 28 February (05:00 UTC on 1 March) the pickers start there, and 1 March is the future"
    )
    func californiaEvening() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            let flow = try #require(try FlowCatalog.bundled().flow("destiny"))
            // 2026-03-01T05:00:00Z
            let instant = Date(timeIntervalSince1970: 1_772_341_200)
            let session = try await FlowSession(
                flow: flow, client: client, snapshots: InMemorySnapshotStore(),
                timeZone: try #require(TimeZone(identifier: "America/Los_Angeles")), now: { instant })
            try await session.fireTimer("launched")
            try await session.tap("skip")
            #expect(await session.screen == "auth")
            try await session.tap("guest")
            #expect(await session.screen == "birthData")
            #expect(await session.engine.answer("dateOfBirth") == "2026-02-28", "today where the person is")
            #expect(await session.engine.answer("timeOfBirth") == "21:00")

            try await session.answer("dateOfBirth", "2026-03-01")
            try await session.answer("cityOfBirth", "Los Angeles")
            try await session.tap("continue")
            #expect(await session.screen == "birthData", "tomorrow in California is not a birth date")
            #expect(await session.engine.issue(for: "dateOfBirth") != nil)
            try await session.answer("dateOfBirth", "2026-02-28")
            try await session.tap("continue")
            #expect(await session.screen == "home")
        }
    }
}

import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Flow events from the SDK")
struct FlowEventLogTests {
    let server = URL(string: "http://doorstep.test")!

    @Test("A session records its walk in batches; the server counts it; nothing typed leaves the device")
    func batchesAWalk() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            let log = FlowEventLog(
                client: client, installID: "sdk-install-0001", batchSize: 4, now: { backend.clock.now })
            let tanda = try FlowCatalog.bundled().flow("tanda")!
            let session = try await FlowSession(
                flow: tanda, client: client, snapshots: InMemorySnapshotStore(), events: log,
                now: { backend.clock.now })
            try await session.tap("getStarted")
            try await session.answer("email", .string("typed-in-the-app@example.com.x"))
            try await session.tap("continue")
            try await log.flush()
            #expect(await log.waiting == 0)

            let stored = try await backend.storage.read {
                try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
            }.sorted { $0.sequence < $1.sequence }
            let steps = stored.map { [$0.kind.rawValue, $0.screen, $0.subject ?? "-"].joined(separator: " ") }
            #expect(
                steps == [
                    "screenShown slide1 -", "action slide1 getStarted", "screenShown createAccount -",
                    "fieldAnswered createAccount email", "action createAccount continue",
                    "errorShown createAccount invalid_email",
                ])
            #expect(Set(stored.map(\.installID)) == ["sdk-install-0001"])
        }
    }

    @Test("A session walks the variant its install is assigned, and its events name it")
    func walksItsVariant() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            let tanda = try #require(try StartedExperiments.flow("tanda"), "the shipped experiment is paused")
            // sdk-install-0008 is assigned the two-slide carousel, sdk-install-0001 the control.
            for (install, variant, second) in [
                ("sdk-install-0008", "twoSlides", "slide3"), ("sdk-install-0001", "threeSlides", "slide2"),
            ] {
                let log = FlowEventLog(client: client, installID: install, now: { backend.clock.now })
                let session = try await FlowSession(
                    flow: tanda, client: client, snapshots: InMemorySnapshotStore(), events: log,
                    now: { backend.clock.now })
                #expect(session.variant == variant)
                try await session.tap("next")
                #expect(await session.screen == second)
                try await log.flush()
                let stored = try await backend.storage.read {
                    try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
                }.filter { $0.installID == install }
                #expect(stored.count == 3 && stored.allSatisfy { $0.variant == variant }, "\(stored)")
            }

            let optedOut = FlowEventLog(
                client: client, installID: "sdk-install-0008", optedOut: true, now: { backend.clock.now })
            let session = try await FlowSession(
                flow: tanda, client: client, snapshots: InMemorySnapshotStore(), events: optedOut,
                now: { backend.clock.now })
            try await session.tap("next")
            #expect(await session.screen == "slide2", "without tracking, the control")
        }
    }

    @Test("Opting out records nothing and drops what was waiting")
    func optOut() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            let log = FlowEventLog(client: client, installID: "sdk-install-0002", now: { backend.clock.now })
            let tanda = try FlowCatalog.bundled().flow("tanda")!
            let session = try await FlowSession(
                flow: tanda, client: client, snapshots: InMemorySnapshotStore(), events: log,
                now: { backend.clock.now })
            #expect(await log.waiting == 1)
            await log.setOptedOut(true)
            try await session.tap("getStarted")
            try await log.flush()
            #expect(await log.waiting == 0)
            let stored = try await backend.storage.read {
                try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
            }
            #expect(stored.isEmpty)
        }
    }
}

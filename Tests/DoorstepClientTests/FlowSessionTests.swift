import DoorstepClient
import DoorstepFlow
import DoorstepTestSupport
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// Holds requests at the door until the test lets them through, counting them.
actor RequestGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var arrived: [String] = []

    func pass(_ operationID: String) async {
        arrived.append(operationID)
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// A transport whose requests wait at a gate before they reach the in-process server.
struct GatedTransport: ClientTransport {
    let inner: InProcessTransport
    let gate: RequestGate

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        await gate.pass(operationID)
        return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}

@Suite("FlowSession")
struct FlowSessionTests {
    let server = URL(string: "http://doorstep.test")!

    @Test("While the server works the screen is busy: the tapped button loads, and a second tap sends nothing")
    func busyWhileEffectRuns() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let gate = RequestGate()
            let client = DoorstepClient(
                serverURL: server, transport: GatedTransport(inner: InProcessTransport(client: http), gate: gate),
                now: { backend.clock.now })
            let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
            let session = try await FlowSession(
                flow: flow, client: client, snapshots: InMemorySnapshotStore(), now: { backend.clock.now })
            try await session.tap("getStarted")
            try await session.answer("email", .string("sam@example.com"))
            var states = await session.states().makeAsyncIterator()
            #expect(await states.next()?.isBusy == false, "the current state comes first")

            let tapped = Task { try await session.tap("continue") }
            var busy: FlowEngine?
            while let state = await states.next() {
                if state.isBusy {
                    busy = state
                    break
                }
            }
            let engine = try #require(busy)
            #expect(engine.screen.id == "createAccount")
            #expect(engine.isEnabled("continue", at: backend.clock.now) == false, "no double submit")
            try await session.tap("continue")
            #expect(await gate.arrived == ["identify"], "the second tap sent nothing")

            await gate.open()
            try await tapped.value
            #expect(await session.screen == "verifyEmail")
            let settled = try #require(await states.next())
            #expect(settled.screen.id == "verifyEmail" && !settled.isBusy)
        }
    }

    /// Two screens in TANDA's theme: an intro, then a terminal success screen with one button.
    static func finishingFlow() throws -> FlowDefinition {
        let tanda = try #require(try FlowCatalog.bundled().flow("tanda"))
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(tanda)) as? [String: Any])
        for key in ["entry", "experiment", "progress", "sections", "migrations"] { json[key] = nil }
        json["id"] = "finishing"
        json["fields"] = [Any]()
        json["start"] = "intro"
        json["screens"] = [
            [
                "id": "intro", "blocks": [["kind": "heading", "text": "Hello"]],
                "actions": [["id": "next", "title": "Next", "role": "primary"]],
            ],
            [
                "id": "success", "terminal": true, "blocks": [["kind": "heading", "text": "All set"]],
                "actions": [["id": "start", "title": "Start Training", "role": "primary"]],
            ],
        ]
        json["transitions"] = [["from": "intro", "on": "next", "to": "success"]]
        return try JSONDecoder().decode(FlowDefinition.self, from: JSONSerialization.data(withJSONObject: json))
    }

    @Test("A flow is finished when its success screen's button is tapped, not when the screen appears")
    func finishesOnTheTerminalAction() async throws {
        let client = DoorstepClient(serverURL: server)
        let session = try await FlowSession(
            flow: try Self.finishingFlow(), client: client, snapshots: InMemorySnapshotStore())
        try await session.tap("next")
        #expect(await session.screen == "success")
        #expect(await session.isFinished == false, "the success screen is shown")
        try await session.tap("start")
        #expect(await session.isFinished)
    }
}

import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// The same person's walk through a flow, played once in the app (the SDK's `FlowSession` against
/// one server) and once in a browser (the web funnel of another), must look the same everywhere
/// it is kept: the screens after every step, the walk's snapshot, the progress synced to the server
/// and the analytics events recorded.
@Suite("One flow host: the same walk in the app and on the web")
struct FlowHostParityTests {
    /// One thing the person does.
    enum Move: Sendable, CustomStringConvertible {
        /// Types or picks an answer.
        case answer(String, Value)
        /// Leaves a field (or pauses typing in it). On the web the page's script shows the field's
        /// message without telling the server, so only the app's host sees it.
        case leave(String)
        /// Types the code the server mailed to an address.
        case mailedCode(String, to: String)
        /// Picks the first of the options the server made for a field (their ids differ by server).
        case firstOption(String)
        /// Taps an action.
        case tap(String)

        var description: String {
            switch self {
            case .answer(let field, let value): "\(field)=\(value)"
            case .leave(let field): "leave \(field)"
            case .mailedCode(let field, let email): "\(field)=code to \(email)"
            case .firstOption(let field): "\(field)=first option"
            case .tap(let action): "tap \(action)"
            }
        }
    }

    /// A scripted walk through one flow of the catalog.
    struct Walk: Sendable, CustomTestStringConvertible {
        var name: String
        var flowID: String
        var moves: [Move]
        /// Answers whose values are made by the server (ids), compared by presence only.
        var serverMade: Set<String> = []
        /// Whether the walk ends signed in (to an account or as a guest), so that its progress is kept
        /// on the server and compared there.
        var keepsProgress = true
        /// Whether both servers refuse every password hash, as when a crowd signs in at once.
        var crowded = false

        var testDescription: String { name }
    }

    @Test("Screens, snapshot, synced progress and analytics are the same from the app and the web", arguments: walks)
    func sameWalk(_ walk: Walk) async throws {
        let appServer = try await TestServer.make(hasher: walk.crowded ? CrowdedHasher() : nil) {
            $0.rateLimits = false
        }
        let webServer = try await TestServer.make(hasher: walk.crowded ? CrowdedHasher() : nil) {
            $0.rateLimits = false
        }
        let flow = try #require(try FlowCatalog.bundled().flow(walk.flowID))

        let web = try await webServer.test { http in try await Self.walkOnTheWeb(walk, webServer, http) }
        let webEvents = try await Self.events(of: walk.flowID, on: webServer)
        let variant = webEvents.first.flatMap(\.variant)
        // The app walks the variant the browser was given: an install id that draws it.
        let candidates: [String] = (0..<200).map { "parity-install-\($0)" }
        let drawsVariant: String? = candidates.first { flow.assigned(toInstall: $0).variant == variant }
        let installID: String = try #require(drawsVariant)
        let app = try await appServer.test { http in
            try await Self.walkInTheApp(walk, installID: installID, appServer, http)
        }
        let appEvents = try await Self.events(of: walk.flowID, on: appServer)

        #expect(app.screens == web.screens, "the screens after each move")
        let (appSnapshot, webSnapshot) = (comparable(app.snapshot, walk), comparable(web.snapshot, walk))
        #expect(appSnapshot == webSnapshot, "the walk's snapshot differs in \(differences(appSnapshot, webSnapshot))")
        if walk.keepsProgress {
            let appUser = try #require(app.userID, "the app ends signed in")
            let webUser = try #require(web.userID, "the browser ends signed in")
            let appProgress = try await Self.progress(of: appUser, in: walk.flowID, on: appServer)
            let webProgress = try await Self.progress(of: webUser, in: walk.flowID, on: webServer)
            #expect(appProgress != nil, "the walk is kept on the server")
            let (appKept, webKept) = (
                appProgress.map { comparable($0, walk) }, webProgress.map { comparable($0, walk) }
            )
            #expect(appKept == webKept, "the synced progress differs in \(differences(appKept ?? [:], webKept ?? [:]))")
        } else {
            #expect(app.userID == nil && web.userID == nil, "no account was made")
        }
        #expect(!appEvents.isEmpty)
        #expect(appEvents.map(Recorded.init) == webEvents.map(Recorded.init), "the analytics of the walk")
    }

    /// What a walk left.
    struct Walked {
        var screens: [String]
        var snapshot: FlowSnapshot
        /// The account signed in at the end, if any.
        var userID: UUID?
    }

    static func walkInTheApp(_ walk: Walk, installID: String, _ server: TestServer, _ http: TestHTTPClient)
        async throws -> Walked
    {
        // A busy server's Retry-After is honoured as in an app, without waiting for real.
        let client = DoorstepClient(
            serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
            now: { server.clock.now }, retry: RetryPolicy(random: { 0 }, sleep: { _ in }))
        let events = FlowEventLog(client: client, installID: installID, now: { server.clock.now })
        let flow = try #require(try FlowCatalog.bundled().flow(walk.flowID))
        let session = try await FlowSession(
            flow: flow, client: client, modules: [TrainerModule(client: client)], snapshots: InMemorySnapshotStore(),
            events: events, now: { server.clock.now })
        var screens = [await session.screen]
        for move in walk.moves {
            switch move {
            case .answer(let field, let value):
                try await session.answer(field, value)
            case .leave(let field):
                try await session.leave(field)
            case .mailedCode(let field, let email):
                try await session.answer(field, .string(try #require(await server.latestCode(to: email))))
            case .firstOption(let field):
                let first = try #require(await session.engine.options(for: field).first, "\(field) has options")
                try await session.answer(field, .string(first.value))
            case .tap(let action):
                if await session.engine.visibleAction(action)?.role == .timer {
                    try await session.fireTimer(action)
                } else {
                    try await session.tap(action)
                }
                screens.append(await session.screen)
            }
        }
        try await events.flush()
        var userID: UUID?
        if case .signedIn(let user, _) = await client.authState { userID = UUID(uuidString: user) }
        return Walked(screens: screens, snapshot: await session.engine.snapshot, userID: userID)
    }

    static func walkOnTheWeb(_ walk: Walk, _ server: TestServer, _ http: TestHTTPClient) async throws -> Walked {
        var browser = FunnelBrowser(http)
        try await browser.open("/flows/\(walk.flowID)")
        var screens = [browser.screen ?? ""]
        var form: [(String, String)] = []
        var answered: Set<String> = []
        for move in walk.moves {
            switch move {
            case .answer(let field, let value):
                // Typing over an answer replaces it.
                form.removeAll { $0.0 == field }
                form += formFields(field, value)
                answered.insert(field)
            case .leave:
                break
            case .mailedCode(let field, let email):
                form.append((field, try #require(await server.latestCode(to: email))))
            case .firstOption(let field):
                let first = try #require(
                    FunnelBrowser.capture(#"name="\#(field)" value="([^"]*)""#, in: browser.page?.text ?? ""))
                form.append((field, first))
            case .tap(let action):
                // A browser also sends the boxes the page shows ticked that the person left alone.
                let ticked = captures(#"name="([^"]+)" value="on" checked"#, in: browser.page?.text ?? "")
                form += ticked.filter { !answered.contains($0) }.map { ($0, "on") }
                try await browser.submit(walk.flowID, form, press: action)
                (form, answered) = ([], [])
                screens.append(browser.screen ?? "")
            }
        }
        let cookie = try #require(browser.cookies["doorstep_funnel"], "the funnel's cookie")
        let record = try await server.storage.read { try await $0.browserSession(idHash: Digests.sha256Hex(cookie)) }
        let stored = try #require(record, "the browser's session is stored")
        let state = try #require(try JSONSerialization.jsonObject(with: stored.state) as? [String: Any])
        let snapshots = try #require(state["snapshots"] as? [String: Any])
        let snapshot = try JSONSerialization.data(withJSONObject: try #require(snapshots[walk.flowID]))
        let signedIn = state["signedIn"] as? [String: Any]
        return Walked(
            screens: screens, snapshot: try FlowSnapshot(json: snapshot),
            userID: (signedIn?["userID"] as? String).flatMap(UUID.init(uuidString:)))
    }

    /// Every first group the pattern captures in the text.
    static func captures(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// What a browser sends for an answer: a ticked box as "on", a list as one field per item.
    static func formFields(_ field: String, _ value: Value) -> [(String, String)] {
        switch value {
        case .bool(let ticked): ticked ? [(field, "on")] : []
        case .int(let number): [(field, String(number))]
        case .array(let items): items.compactMap { $0.stringValue.map { (field, $0) } }
        default: [(field, value.stringValue ?? "")]
        }
    }

    /// An analytics event as both hosts must record it: everything but its id, install and time.
    struct Recorded: Hashable, CustomStringConvertible {
        var kind: String
        var variant: String?
        var screen: String
        /// The field, action or error code the event names.
        var subject: String?
        var sequence: Int

        init(_ event: AnalyticsEventRecord) {
            kind = event.kind.rawValue
            variant = event.variant
            screen = event.screen
            subject = event.subject
            sequence = event.sequence
        }

        var description: String {
            "\(sequence) \(kind) \(screen) \(subject ?? "")"
        }
    }

    static func events(of flowID: String, on server: TestServer) async throws -> [AnalyticsEventRecord] {
        try await server.storage.read { try await $0.events(flowID: flowID, from: .distantPast, to: .distantFuture) }
            .sorted { $0.sequence < $1.sequence }
    }

    static func progress(of userID: UUID, in flowID: String, on server: TestServer) async throws -> FlowSnapshot? {
        try await server.storage.read { transaction in
            try await transaction.progress(userID: userID, flowID: flowID).map { try FlowSnapshot(json: $0.snapshot) }
        }
    }
}

/// The parts of a snapshot both hosts must agree on: where the walk is, how it got there, what was
/// answered, the problems and message shown, whether it is finished; values the server made (ids) by
/// presence only.
private func comparable(_ snapshot: FlowSnapshot, _ walk: FlowHostParityTests.Walk) -> [String: String] {
    var parts = [
        "screen": snapshot.screen, "history": snapshot.history.joined(separator: ">"),
        "issues": snapshot.issues.map { "\($0.field) \($0.code): \($0.message)" }.joined(separator: " | "),
        "message": snapshot.message ?? "-", "completed": "\(snapshot.completed)",
    ]
    for (field, value) in snapshot.answers {
        parts["answer." + field] = walk.serverMade.contains(field) ? "made by the server" : "\(value)"
    }
    for (key, value) in snapshot.results {
        parts["result." + key] = walk.serverMade.contains(key) ? "made by the server" : "\(value)"
    }
    return parts
}

/// The keys whose values differ, each as `key: app | web`.
private func differences(_ app: [String: String], _ web: [String: String]) -> [String] {
    Set(app.keys).union(web.keys).sorted().compactMap { key in
        app[key] == web[key] ? nil : "\(key): \(app[key] ?? "-") | \(web[key] ?? "-")"
    }
}

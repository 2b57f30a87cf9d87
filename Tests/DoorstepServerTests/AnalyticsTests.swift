import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Onboarding analytics")
struct AnalyticsTests {
    let clock = ManualClock()
    let catalog = try! FlowCatalog.bundled()

    var tandaVersion: Int { catalog.flow("tanda")!.version }

    func service(_ storage: any Storage = MemoryStorage()) -> AnalyticsService {
        AnalyticsService(
            storage: storage, catalog: catalog, context: ServiceContext(clock: clock, random: SecureRandomSource()))
    }

    /// A TANDA event for `install`, `seconds` after the clock's start.
    func event(
        _ install: Int, _ kind: AnalyticsEventRecord.Kind, _ screen: String, sequence: Int, seconds: Double,
        variant: String? = nil
    ) -> IncomingEvent {
        IncomingEvent(
            id: UUID(), installID: "install-\(install)", flowID: "tanda", flowVersion: tandaVersion, variant: variant,
            kind: kind,
            screen: screen, sequence: sequence, at: clock.now.addingTimeInterval(seconds))
    }

    /// A walk through `screens` at four seconds a screen, finished or not.
    func walk(_ install: Int, _ screens: [String], finished: Bool, variant: String? = nil) -> [IncomingEvent] {
        var events = screens.enumerated().map { index, screen in
            event(install, .screenShown, screen, sequence: index, seconds: Double(index * 4), variant: variant)
        }
        if finished {
            events.append(
                event(
                    install, .completed, screens.last!, sequence: screens.count, seconds: Double(screens.count * 4),
                    variant: variant))
        }
        return events
    }

    func record(_ events: [IncomingEvent], in analytics: AnalyticsService) async throws {
        var start = 0
        while start < events.count {
            let end = min(start + 500, events.count)
            let result = try await analytics.record(Array(events[start..<end]), userID: nil)
            #expect(result.rejected.isEmpty)
            start = end
        }
    }

    @Test("10,000 installs through a known funnel give exactly the expected counts; a branch is not a drop-off")
    func knownFunnel() async throws {
        let analytics = service()
        var events: [IncomingEvent] = []
        for install in 0..<10_000 {
            switch install {
            case 0..<4_000: events += walk(install, ["slide1"], finished: false)
            case 4_000..<7_000: events += walk(install, ["slide1", "slide2"], finished: false)
            case 7_000..<9_000:
                events += walk(install, ["slide1", "slide2", "slide3", "createAccount"], finished: true)
            default: events += walk(install, ["slide1", "signInEmail"], finished: false)
            }
        }
        try await record(events, in: analytics)
        let report = try await analytics.funnel(
            flowID: "tanda", from: clock.now.addingTimeInterval(-60), to: clock.now.addingTimeInterval(3_600),
            version: nil, variant: nil)
        #expect(report.installs == 10_000)
        #expect(report.completed == 2_000)
        #expect(report.completionRate == 0.2)
        let steps = Dictionary(uniqueKeysWithValues: report.steps.map { ($0.screen, $0) })
        #expect(report.steps.map(\.screen) == ["slide1", "slide2", "slide3", "createAccount", "signInEmail"])
        #expect(steps["slide1"]?.reached == 10_000)
        #expect(steps["slide1"]?.movedOn == 6_000, "1,000 took the sign-in branch: they moved on")
        #expect(steps["slide1"]?.droppedOff == 4_000)
        #expect(steps["slide2"]?.reached == 5_000)
        #expect(steps["slide2"]?.droppedOff == 3_000)
        #expect(steps["createAccount"]?.movedOn == 2_000, "finishing is moving on")
        #expect(steps["signInEmail"]?.droppedOff == 1_000)
        #expect(steps["slide1"]?.medianSeconds == 4)
        #expect(steps["signInEmail"]?.medianSeconds == nil, "nobody left it")

        let endFirst = FunnelReport(
            flow: catalog.flow("tanda")!,
            events: [(AnalyticsEventRecord.Kind.screenShown, "slide1"), (.completed, "slide1"), (.screenShown, "name")]
                .enumerated().map { index, step in
                    AnalyticsEventRecord(
                        id: UUID(), installID: "ends-first", flowID: "tanda", flowVersion: tandaVersion, kind: step.0,
                        screen: step.1, sequence: index, at: clock.now, receivedAt: clock.now)
                })
        #expect(endFirst.steps.map(\.droppedOff) == [0, 0], "the final screen after the end is not a drop-off")
    }

    @Test("Hostile batches are refused or clamped and never break the funnel")
    func hostileClients() async throws {
        let storage = MemoryStorage()
        let analytics = service(storage)
        let tooMany = (0..<501).map { event($0, .screenShown, "slide1", sequence: 0, seconds: 0) }
        await #expect(throws: ServiceError.self) { try await analytics.record(tooMany, userID: nil) }

        var badInstall = event(1, .screenShown, "slide1", sequence: 0, seconds: 0)
        badInstall.installID = "x"
        var badSequence = event(1, .screenShown, "slide1", sequence: 0, seconds: 0)
        badSequence.sequence = 5_000_000
        for malformed in [badInstall, badSequence] {
            await #expect(throws: ServiceError.self, "a malformed event refuses the batch") {
                try await analytics.record(
                    [event(9, .screenShown, "slide1", sequence: 0, seconds: 0), malformed], userID: nil)
            }
        }

        var forgedFlow = event(1, .screenShown, "slide1", sequence: 0, seconds: 0)
        forgedFlow.flowID = "not-a-flow"
        let forgedScreen = event(1, .screenShown, "admin-panel", sequence: 1, seconds: 1)
        var newerThanServed = event(1, .screenShown, "slide1", sequence: 2, seconds: 2)
        newerThanServed.flowVersion = 99
        let future = event(2, .screenShown, "slide1", sequence: 0, seconds: 86_400 * 365)
        let ancient = event(3, .screenShown, "slide1", sequence: 0, seconds: -86_400 * 365)
        let fine = event(4, .screenShown, "slide1", sequence: 0, seconds: 0)
        let forgedVariant = event(5, .screenShown, "slide1", sequence: 0, seconds: 0, variant: "free-money")
        let result = try await analytics.record(
            [forgedFlow, forgedScreen, newerThanServed, future, ancient, fine, fine, forgedVariant], userID: nil)
        #expect(result.accepted == 2)
        #expect(result.duplicates == 1)
        #expect(
            result.rejected.map(\.code) == [
                "unknown_flow", "unknown_screen", "unknown_flow", "too_old", "unknown_variant",
            ])
        let again = try await analytics.record([fine], userID: nil)
        #expect(again.accepted == 0 && again.duplicates == 1, "sending a batch twice changes nothing")

        let stored = try await storage.read {
            try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
        }
        #expect(stored.count == 2)
        let clamped = try #require(stored.first { $0.installID == "install-2" })
        #expect(clamped.at == clock.now.addingTimeInterval(5 * 60), "a clock far ahead is clamped to the server's")
        let report = try await analytics.funnel(
            flowID: "tanda", from: .distantPast, to: .distantFuture, version: nil, variant: nil)
        #expect(report.steps.first?.reached == 2)
        await #expect(throws: ServiceError.self) {
            try await analytics.funnel(
                flowID: "nope", from: .distantPast, to: .distantFuture, version: nil, variant: nil)
        }
    }

    @Test("Events older than the retention are dropped by pruning; newer ones stay")
    func pruning() async throws {
        let storage = MemoryStorage()
        let analytics = service(storage)
        try await record(walk(1, ["slide1"], finished: false), in: analytics)
        clock.advance(by: 60 * 86_400)
        try await record(walk(2, ["slide1"], finished: false), in: analytics)
        clock.advance(by: 31 * 86_400)
        try await analytics.prune()
        let left = try await storage.read {
            try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
        }
        #expect(left.map(\.installID) == ["install-2"], "90 days on, the first walk is gone")
    }

    @Test("Variants convert side by side with Wilson intervals; a leader is named only when the data can tell")
    func variants() async throws {
        let analytics = service()
        var events: [IncomingEvent] = []
        for install in 0..<400 {
            let variant = install < 200 ? "twoSlides" : "threeSlides"
            let converts = install < 200 ? install < 120 : install < 260
            let screens = variant == "twoSlides" ? ["slide1", "slide3"] : ["slide1", "slide2", "slide3"]
            events += walk(install, screens, finished: converts, variant: variant)
        }
        try await record(events, in: analytics)
        let report = try await analytics.funnel(
            flowID: "tanda", from: .distantPast, to: .distantFuture, version: nil, variant: nil)
        let byName = Dictionary(uniqueKeysWithValues: report.variants.map { ($0.variant, $0) })
        #expect(byName["twoSlides"]?.conversion == 0.6)
        #expect(byName["threeSlides"]?.conversion == 0.3)
        let two = try #require(byName["twoSlides"])
        #expect(two.low < 0.6 && two.high > 0.6 && abs(two.low - 0.531) < 0.005)
        #expect(report.leader == "twoSlides")
        let only = try await analytics.funnel(
            flowID: "tanda", from: .distantPast, to: .distantFuture, version: nil, variant: "threeSlides")
        #expect(only.installs == 200)

        let close = FunnelReport(
            flow: catalog.flow("tanda")!,
            events: (0..<20).flatMap { install in
                walk(install, ["slide1"], finished: install % 2 == 0, variant: install < 10 ? "a" : "b").map {
                    AnalyticsEventRecord(
                        id: $0.id, installID: $0.installID, flowID: "tanda", flowVersion: tandaVersion,
                        variant: $0.variant,
                        kind: $0.kind, screen: $0.screen, sequence: $0.sequence, at: $0.at, receivedAt: $0.at)
                }
            })
        #expect(close.leader == nil, "ten installs each cannot tell a from b")
    }

    @Test("Concurrent batches are committed together, and an id sent twice at once is counted once")
    func concurrentBatches() async throws {
        let storage = MemoryStorage()
        let analytics = service(storage)
        // Forty requests at once; each pair sends the same fifty events.
        let batches = (0..<20).map { pair in
            (0..<50).map { event(pair, .screenShown, "slide1", sequence: $0, seconds: Double($0)) }
        }
        let results = try await withThrowingTaskGroup(of: IngestResult.self) { group in
            for batch in batches + batches {
                group.addTask { try await analytics.record(batch, userID: nil) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.accepted).reduce(0, +) == 1_000)
        #expect(results.map(\.duplicates).reduce(0, +) == 1_000)
        let stored = try await storage.read {
            try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
        }
        #expect(stored.count == 1_000)
    }

    @Test("A day's tally survives storage as written, and a damaged one is refused, not misread")
    func tallyEncoding() throws {
        var tally = FunnelTally(walks: [walk(1, ["slide1", "slide2"], finished: true).map(Self.walkEvent)])
        tally.add(FunnelTally(walks: [walk(2, ["slide1"], finished: false).map(Self.walkEvent)]))
        let data = try JSONEncoder().encode(tally)
        #expect(try JSONDecoder().decode(FunnelTally.self, from: data) == tally)
        #expect(String(decoding: data, as: UTF8.self).contains(#""tenths":"40:1""#))
        for damaged in ["40:", ":1", "40:1:2", "4 0:1", "-4:1", "99999999999999:1"] {
            let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
                of: #""40:1""#, with: "\"\(damaged)\"")
            #expect(throws: DecodingError.self, "\(damaged)") {
                try JSONDecoder().decode(FunnelTally.self, from: Data(text.utf8))
            }
        }
    }

    static func walkEvent(_ event: IncomingEvent) -> WalkEvent {
        WalkEvent(
            installID: event.installID, flowVersion: event.flowVersion, variant: event.variant, kind: event.kind,
            screen: event.screen, sequence: event.sequence, at: event.at)
    }
}

import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Analytics storage")
struct AnalyticsStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func event(
        _ install: String, screen: String, seconds: Double, userID: UUID? = nil,
        kind: AnalyticsEventRecord.Kind = .fieldAnswered
    ) -> AnalyticsEventRecord {
        AnalyticsEventRecord(
            id: UUID(), installID: install, userID: userID, flowID: "tanda", flowVersion: 3, variant: "b",
            kind: kind, screen: screen, subject: kind == .fieldAnswered ? "email" : nil, sequence: 3,
            at: now.addingTimeInterval(seconds), receivedAt: now.addingTimeInterval(seconds))
    }

    @Test(
        "Events are appended once by id, read by flow and time window, unlinked from deleted accounts and pruned",
        arguments: StorageKind.allCases)
    func appendOnly(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let user = UserRecord(id: UUID(), email: "sam@example.com", createdAt: now)
            try await storage.transaction { try await $0.insertUser(user) }
            let first = event("install-aaaa", screen: "slide1", seconds: 0, userID: user.id)
            let later = event("install-aaaa", screen: "slide2", seconds: 100)
            let batch = [first, later] + (0..<150).map { event("install-\($0)xyz", screen: "slide1", seconds: 10) }
            #expect(try await storage.transaction { try await $0.insertEvents(batch) } == Set(batch.map(\.id)))
            #expect(try await storage.transaction { try await $0.insertEvents([first, later]) }.isEmpty, "ids repeat")

            let window = try await storage.read { try await $0.events(flowID: "tanda", from: now, to: now + 50) }
            #expect(window.count == 151)
            #expect(window.contains(first), "every field comes back as written")
            #expect(try await storage.read { try await $0.events(flowID: "trainer", from: now, to: now + 500) }.isEmpty)

            try await storage.transaction { try await $0.deleteUser(id: user.id) }
            let unlinked = try await storage.read { try await $0.events(flowID: "tanda", from: now, to: now + 1) }
            #expect(unlinked.map(\.userID) == [nil], "a deleted account's events stay, anonymous")

            try await storage.transaction { try await $0.deleteEvents(happenedBefore: now + 50) }
            let kept = try await storage.read { try await $0.events(flowID: "tanda", from: now, to: now + 500) }
            #expect(kept.map(\.screen) == ["slide2"])
        }
    }

    @Test(
        "Idle walks fold into daily tallies exactly once, even with two instances compacting at the same time",
        arguments: StorageKind.allCases)
    func compaction(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let catalog = try FlowCatalog.bundled()
            let clock = ManualClock()
            let start = clock.now
            // 300 walks over three days, a third finishing, each screen's button tapped a second after
            // it showed; then two walks still going today: one sorts among the idle ones, so a batch
            // must pass over it and go on.
            var events: [AnalyticsEventRecord] = []
            for install in 0..<300 {
                let began = start.addingTimeInterval(Double(install % 3) * 86_400 + Double(install))
                let screens =
                    install % 3 == 0 ? ["slide1", "slide2", "slide3", "createAccount"] : ["slide1", "slide2"]
                for (index, screen) in screens.enumerated() {
                    for (step, kind) in [AnalyticsEventRecord.Kind.screenShown, .action].enumerated() {
                        events.append(
                            AnalyticsEventRecord(
                                id: UUID(), installID: "install-\(install)", flowID: "tanda", flowVersion: 3,
                                variant: install < 150 ? "threeSlides" : "twoSlides", kind: kind, screen: screen,
                                subject: kind == .action ? "next" : nil, sequence: index * 2 + step,
                                at: began.addingTimeInterval(Double(index) * 2.5 + Double(step)), receivedAt: began))
                    }
                }
            }
            // A walk that answered without ever being shown a screen is no install, raw or folded.
            events.append(
                AnalyticsEventRecord(
                    id: UUID(), installID: "install-no-screen", flowID: "tanda", flowVersion: 3, variant: "twoSlides",
                    kind: .fieldAnswered, screen: "slide1", subject: "email", sequence: 0, at: start, receivedAt: start)
            )
            try await storage.transaction { [events] in _ = try await $0.insertEvents(events) }
            clock.advance(by: 7 * 86_400)
            let ongoing = ["install-150-today", "install-today"].map { install in
                AnalyticsEventRecord(
                    id: UUID(), installID: install, flowID: "tanda", flowVersion: 3, variant: "twoSlides",
                    kind: .screenShown, screen: "slide1", sequence: 0, at: clock.now, receivedAt: clock.now)
            }
            try await storage.transaction { _ = try await $0.insertEvents(ongoing) }

            let first = AnalyticsService(
                storage: storage, catalog: catalog, context: ServiceContext(clock: clock, random: SecureRandomSource()))
            let second = AnalyticsService(
                storage: storage, catalog: catalog, context: ServiceContext(clock: clock, random: SecureRandomSource()))
            let window = (from: start.addingTimeInterval(-86_400), to: clock.now.addingTimeInterval(60))
            let before = try await first.funnel(
                flowID: "tanda", from: window.from, to: window.to, version: nil, variant: nil)
            async let one = first.compact(batch: 40)
            async let two = second.compact(batch: 40)
            let folded = try await one + two
            #expect(folded >= 300, "every idle walk folded (one taken by both counts twice)")

            let raw = try await storage.read {
                try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
            }
            #expect(
                raw.map(\.installID).sorted() == ["install-150-today", "install-today"],
                "only the walks still going keep their events")
            let after = try await first.funnel(
                flowID: "tanda", from: window.from, to: window.to, version: nil, variant: nil)
            #expect(after == before, "the funnel reads the same from daily tallies")
            #expect(after.installs == 302)
            #expect(after.steps.first { $0.screen == "slide1" }?.medianSeconds == 2.5)
            let days = try await storage.read {
                try await $0.dailyFunnels(flowID: "tanda", firstDay: "0001-01-01", lastDay: "9999-12-31")
            }
            #expect(Set(days.map(\.day)).count == 3)
            let onlyTwo = try await first.funnel(
                flowID: "tanda", from: window.from, to: window.to, version: 3, variant: "twoSlides")
            #expect(onlyTwo.installs == 152)
            #expect(try await first.compact() == 0, "nothing left to fold")
        }
    }

    @Test(
        "A funnel reads recent walks in two halves by install id, which hold every walk once and whole",
        arguments: StorageKind.allCases)
    func walkHalves(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            // Upper- and lower-case UUIDs on both sides of the boundary, and ids of other shapes.
            let installs = [
                "0B1E7A5C-0000-4000-8000-000000000000", "7fffffff-0000-4000-8000-000000000000", "8", "80aa",
                "F00D0000-0000-4000-8000-000000000000", "ffff0000-0000-4000-8000-000000000000", "install-left",
                "Zed", "-dash", "7",
            ]
            let screens = installs.flatMap { install in
                ["slide1", "slide2", "slide3"].enumerated().map { index, screen in
                    event(install, screen: screen, seconds: Double(10 - index), kind: .screenShown)
                }
            }
            let answers = installs.map { event($0, screen: "slide2", seconds: 9.5) }
            try await storage.transaction { _ = try await $0.insertEvents(screens + answers) }
            var read: [InstallHalf: [WalkEvent]] = [:]
            for half in InstallHalf.allCases {
                read[half] = try await storage.read {
                    try await $0.walkEvents(flowID: "tanda", from: now, to: now + 60, half: half)
                }
            }
            let below = read[.belowBoundary] ?? []
            let from = read[.fromBoundary] ?? []
            #expect(below.count + from.count == screens.count, "every screen once, and no answer")
            #expect(Set(below.map(\.installID)).isDisjoint(with: from.map(\.installID)), "a walk stays whole")
            #expect(Set(below.map(\.installID) + from.map(\.installID)) == Set(installs))
            #expect(Set(below.map(\.installID)).isSuperset(of: ["0B1E7A5C-0000-4000-8000-000000000000", "7"]))
            #expect(Set(from.map(\.installID)).isSuperset(of: ["8", "80aa", "ffff0000-0000-4000-8000-000000000000"]))
            for half in [below, from] {
                let order = half.map(\.installID)
                #expect(
                    order.indices.dropFirst().allSatisfy {
                        order[$0 - 1] == order[$0] || !order[..<$0].contains(order[$0])
                    }, "each walk's events together")
            }
        }
    }
}

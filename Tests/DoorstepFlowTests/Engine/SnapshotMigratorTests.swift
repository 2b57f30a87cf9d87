import DoorstepFlow
import Foundation
import Testing

@Suite("Snapshot migration")
struct SnapshotMigratorTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// Walks the trainer's real version 1 to a screen and returns what that version saved.
    func savedByVersion1(until screen: String, answering: [String: Value] = [:]) throws -> FlowSnapshot {
        let old = try FlowCatalog.archivedVersion("trainer", version: 1)
        var engine = FlowEngine(flow: old)
        var steps = 0
        while engine.screen.id != screen && steps < 100 {
            for (field, value) in answering { engine.handle(.answerChanged(field: field, value: value), at: now) }
            for id in engine.screen.boundFields where engine.snapshot.answers[id] == nil {
                if let example = old.field(id)?.example {
                    engine.handle(.answerChanged(field: id, value: example), at: now)
                }
            }
            let action = engine.visibleActions.first { [.primary, .tapAnywhere].contains($0.role) }?.id ?? ""
            engine.handle(.actionTapped(action), at: now)
            steps += 1
        }
        #expect(engine.screen.id == screen)
        return try JSONDecoder().decode(FlowSnapshot.self, from: JSONEncoder().encode(engine.snapshot))
    }

    @Test("A renamed screen and field carry over: version 1's bodyComposition becomes bodyComp")
    func renamed() throws {
        let saved = try savedByVersion1(until: "bodyComposition")
        var withAnswer = saved
        withAnswer.answers["bodyComposition"] = "Lean"
        let current = try Catalog.flow("trainer")
        let engine = try FlowEngine(flow: current, restoring: withAnswer)
        #expect(engine.screen.id == "bodyComp")
        #expect(engine.snapshot.answers["bodyComp"] == "Lean")
        #expect(engine.snapshot.answers["bodyComposition"] == nil)
        #expect(engine.snapshot.flowVersion == current.version)
        #expect(engine.snapshot.history.last == "weight")
        #expect(engine.snapshot.answers["name"] == "Alex", "earlier answers are kept")
    }

    @Test("A removed screen falls back to its declared replacement, and removed fields are dropped")
    func removed() throws {
        let onBegin = try savedByVersion1(until: "introBegin")
        let engine = try FlowEngine(flow: try Catalog.flow("trainer"), restoring: onBegin)
        #expect(engine.screen.id == "introCTA")

        var onAssessment = try savedByVersion1(until: "assessment")
        onAssessment.answers["assessmentSkipped"] = true
        let migrated = try FlowEngine(flow: try Catalog.flow("trainer"), restoring: onAssessment)
        #expect(migrated.screen.id == "anythingElse")
        #expect(migrated.snapshot.answers["assessmentSkipped"] == nil)
    }

    @Test("A launch with a version-1 snapshot resumes where the person was instead of restarting")
    func launchMigrates() throws {
        let saved = try savedByVersion1(until: "height")
        let launch = FlowEngine.launch(flow: try Catalog.flow("trainer"), snapshot: saved, session: .signedOut)
        #expect(launch.landing == .resume(screen: "height"))
    }

    @Test("A snapshot of another flow, or of a newer version, is refused with a reason")
    func refused() throws {
        let trainer = try Catalog.flow("trainer")
        let other = FlowSnapshot(startOf: try Catalog.flow("tanda"))
        #expect(throws: SnapshotMigrationError.differentFlow(snapshot: "tanda", flow: "trainer")) {
            try FlowEngine(flow: trainer, restoring: other)
        }
        var newer = FlowSnapshot(startOf: trainer)
        newer.flowVersion = 99
        newer.answers["name"] = "Alex"
        #expect(throws: SnapshotMigrationError.newerVersion(snapshot: 99, flow: 2)) {
            try FlowEngine(flow: trainer, restoring: newer)
        }
        let launch = FlowEngine.launch(flow: trainer, snapshot: newer, session: .signedOut)
        #expect(launch.landing == .start)
        #expect(launch.engine.snapshot.answers["name"] == "Alex", "answers that still fit are kept")
    }
}

import DoorstepFlow
import Foundation
import Testing

@Suite("Experiments")
struct ExperimentTests {
    @Test("The catalog ships its experiments paused: every install walks the control until one is started")
    func shippedPaused() throws {
        for flow in try FlowCatalog.bundled().flows where flow.experiment != nil {
            #expect(!flow.isExperimentRunning, "\(flow.id)")
            let control = flow.experiment?.variants.first?.id
            #expect((0..<200).allSatisfy { flow.assigned(toInstall: "install-\($0)").variant == control })
            #expect(flow.startingExperiment().isExperimentRunning)
        }
    }

    @Test("An install keeps its variant, and every host computes the same one")
    func stickyAssignment() throws {
        let tanda = try Catalog.flow("tanda").startingExperiment()
        // Worked out independently (FNV-1a and the finaliser in Python): hosts written in other
        // languages can assign installs exactly as the SDK and the web funnel do.
        let expected = [
            "install-1": "threeSlides", "install-2": "twoSlides", "install-3": "threeSlides",
            "install-4": "twoSlides", "install-5": "twoSlides", "install-10": "twoSlides",
        ]
        for (install, variant) in expected {
            #expect(tanda.assigned(toInstall: install).variant == variant, "\(install)")
            #expect(tanda.assigned(toInstall: install).variant == variant, "the same on every launch")
        }
    }

    @Test("Installs are spread over the variants by weight")
    func weights() throws {
        var tanda = try Catalog.flow("tanda").startingExperiment()
        let installs = (0..<10_000).map { "install-\($0)" }
        let even = Dictionary(grouping: installs) { tanda.assigned(toInstall: $0).variant ?? "" }.mapValues(\.count)
        #expect(abs(even["threeSlides", default: 0] - 5_000) < 200, "\(even)")
        #expect(abs(even["twoSlides", default: 0] - 5_000) < 200, "\(even)")

        tanda.experiment?.variants[0].weight = 3
        let skewed = Dictionary(grouping: installs) { tanda.assigned(toInstall: $0).variant ?? "" }.mapValues(\.count)
        #expect(abs(skewed["threeSlides", default: 0] - 7_500) < 200, "\(skewed)")

        tanda.experiment?.variants[1].weight = 0
        #expect(installs.allSatisfy { tanda.assigned(toInstall: $0).variant == "threeSlides" }, "a paused variant")
    }

    @Test("Without an install id (analytics opted out) the control is walked")
    func optedOut() throws {
        let assigned = try Catalog.flow("tanda").assigned(toInstall: nil)
        #expect(assigned.variant == "threeSlides")
        #expect(assigned.definition.screen("slide2") != nil)
        #expect(assigned.definition.experiment == nil)
    }

    @Test("TANDA's two-slide variant skips the middle slide and shows two dots")
    func twoSlides() throws {
        let flow = try #require(try Catalog.flow("tanda").variant("twoSlides"))
        var driver = FlowDriver(FlowEngine(flow: flow))
        #expect(driver.screen == "slide1")
        #expect(driver.engine.progress.segments.count == 2)
        driver.tap("next")
        #expect(driver.screen == "slide3")
        #expect(driver.engine.progress.segments.map(\.fill) == [1, 1])
        driver.tap("previous")
        #expect(driver.screen == "slide1")
        driver.tap("next")
        driver.tap("getStarted")
        #expect(driver.screen == "createAccount")

        var control = FlowDriver(
            FlowEngine(flow: try Catalog.flow("tanda").assigned(toInstall: "install-1").definition))
        #expect(control.engine.progress.segments.count == 3)
        control.tap("next")
        #expect(control.screen == "slide2")
    }

    @Test("A walk saved on a screen its new variant lacks resumes where that variant can")
    func changedAssignment() throws {
        let tanda = try Catalog.flow("tanda")
        var control = FlowEngine(flow: try #require(tanda.variant("threeSlides")))
        _ = control.handle(.actionTapped("next"), at: Date(timeIntervalSince1970: 0))
        #expect(control.snapshot.screen == "slide2")
        let resumed = try FlowEngine(flow: try #require(tanda.variant("twoSlides")), restoring: control.snapshot)
        #expect(resumed.screen.id == "slide1")
        #expect(resumed.snapshot.history.isEmpty)
    }

    @Test("A variant can replace a screen's copy and add a screen")
    func copyAndExtraScreen() throws {
        var flow = try Catalog.flow("tanda")
        var slide = try #require(flow.screen("slide1"))
        slide.blocks[0].text = "Save with friends"
        var promise = Screen(
            id: "promise", blocks: [slide.blocks[0]],
            actions: [Action(id: "continue", title: "Continue", role: .primary)])
        promise.blocks[0].text = "No fees, ever"
        flow.experiment = Experiment(
            id: "copy", summary: "Shorter copy, and a promise before sign-up",
            variants: [
                FlowVariant(id: "control", weight: 1),
                FlowVariant(id: "shorter", weight: 1, changes: FlowChanges(screens: [slide])),
                FlowVariant(
                    id: "promise", weight: 1,
                    changes: FlowChanges(
                        screens: [promise],
                        transitions: [
                            Transition(from: "slide1", on: "getStarted", to: "promise"),
                            Transition(from: "promise", on: "continue", to: "createAccount"),
                        ])),
            ])
        #expect(FlowLinter.problems(in: flow).isEmpty, "\(FlowLinter.problems(in: flow))")
        let shorter = try #require(flow.variant("shorter"))
        #expect(shorter.screen("slide1")?.blocks.first == slide.blocks.first)
        #expect(shorter.screens.count == flow.screens.count)
        #expect(flow.variant("control")?.screen("slide1") == flow.screen("slide1"))
        #expect(flow.screenIDsInAnyVariant.contains("promise"))

        var driver = FlowDriver(FlowEngine(flow: try #require(flow.variant("promise"))))
        driver.tap("getStarted")
        #expect(driver.screen == "promise")
        driver.tap("continue")
        #expect(driver.screen == "createAccount")
    }

    @Test("The linter checks each variant like a flow and says which variant is wrong")
    func linter() throws {
        #expect(FlowLinter.problems(in: try Catalog.flow("tanda")).isEmpty)

        var flow = try Catalog.flow("tanda")
        flow.experiment = Experiment(
            id: "broken test", summary: "",
            variants: [
                FlowVariant(id: "a", weight: 1),
                FlowVariant(
                    id: "b", weight: 1,
                    changes: FlowChanges(
                        removedScreens: ["slide9"],
                        transitions: [Transition(from: "slide1", on: "next", to: "nowhere")])),
                FlowVariant(id: "a", weight: -1),
            ])
        let problems = FlowLinter.problems(in: flow).map(\.description)
        #expect(problems.contains("experiment \"broken test\": an experiment id uses letters, digits, - and _ only"))
        #expect(problems.contains("experiment \"broken test\": two variants have the id \"a\""))
        #expect(problems.contains("experiment \"broken test\": a weight is 0 (paused) or more"))
        #expect(problems.contains("variant \"b\": removes screen \"slide9\", which the flow does not have"))
        #expect(problems.contains { $0.hasPrefix("variant \"b\"") && $0.contains("nowhere") }, "\(problems)")
        #expect(!problems.contains { $0.hasPrefix("variant \"a\"") }, "the control adds no problems")
    }

    @Test("A flow file's experiment survives encoding")
    func codable() throws {
        let tanda = try Catalog.flow("tanda")
        #expect(try FlowDefinition.decode(from: tanda.encodedJSON()) == tanda)
        #expect(tanda.screenIDsInAnyVariant == tanda.screens.map(\.id))
    }
}

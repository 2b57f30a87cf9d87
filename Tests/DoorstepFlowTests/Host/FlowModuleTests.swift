import DoorstepFlow
import Foundation
import Testing

/// A planner that answers from fixed goals and programs, and remembers what it was asked.
private actor FixedPlanner: TrainerPlanner {
    private(set) var instructions: [String?] = []

    func goalOptions(instruction: String?) async throws -> [EffectGoalOption] {
        instructions.append(instruction)
        return [EffectGoalOption(id: "g1", summary: "Run 5 km", detail: "Three runs a week")]
    }
    func confirmGoal(optionID: String) async throws -> String {
        guard optionID == "g1" else { throw EffectFailure(code: "not_found", message: "That goal is gone.") }
        return "goal-1"
    }
    func program(editing programID: String?, instruction: String?) async throws -> EffectProgram {
        EffectProgram(id: programID ?? "p1", version: programID == nil ? 1 : 2, markdown: "# Plan")
    }
    func activateProgram(id: String) async throws -> String { throw CancellationError() }
}

/// A module that delivers one result it declares and one it does not.
private struct ChattyModule: FlowModule {
    var contract: FlowModuleContract {
        FlowModuleContract(
            name: "chatty", operations: ["speak": .init(argumentKeys: ["word"], results: ["chatty.said"])])
    }
    func perform(_ operation: String, arguments: [String: Value]) async throws -> [String: Value] {
        ["chatty.said": arguments["word"] ?? "", "session.active": false]
    }
}

@Suite("Flow modules")
struct FlowModuleTests {
    private func run(_ name: String, _ arguments: [String: Value] = [:], modules: [any FlowModule]) async throws
        -> FlowEffectDispatcher.Step
    {
        var performer = SessionPerformer(signedIn: true)
        performer.modules = modules
        let flow = try Catalog.flow("trainer")
        return await FlowEffectDispatcher.run(
            EffectRequest(id: 1, name: name, arguments: arguments), flow: flow, answers: [:], on: &performer)
    }

    @Test("The trainer's effects run through the module the host registers, with the arguments the flow passed")
    func trainerThroughModule() async throws {
        let planner = FixedPlanner()
        let trainer = TrainerModule(planner: planner)
        let edited = try await run("trainer.editGoalOptions", ["instruction": "Shorter runs"], modules: [trainer])
        #expect(
            edited
                == .finished(
                    .success([
                        "trainer.goalOptions": [["id": "g1", "summary": "Run 5 km", "detail": "Three runs a week"]]
                    ])))
        #expect(await planner.instructions == ["Shorter runs"])
        let program = try await run(
            "trainer.editProgram", ["programId": "p7", "instruction": "More rest"], modules: [trainer])
        #expect(
            program
                == .finished(
                    .success([
                        "trainer.program.id": "p7", "trainer.program.version": 2, "trainer.program.markdown": "# Plan",
                    ])))
    }

    @Test("A module's own refusal reaches the screen as it said it; any other error as the host words it")
    func failures() async throws {
        let trainer = TrainerModule(planner: FixedPlanner())
        let refused = try await run("trainer.confirmGoal", ["optionId": "g9"], modules: [trainer])
        #expect(refused == .finished(.failure(code: "not_found", message: "That goal is gone.")))
        let failed = try await run("trainer.activateProgram", ["programId": "p1"], modules: [trainer])
        #expect(failed == .finished(EffectFailure.unavailable.result))
    }

    @Test("A host without the module, or a module without the operation, cannot run the effect")
    func unsupported() async throws {
        let withoutModule = try await run("trainer.goalOptions", modules: [])
        #expect(
            withoutModule
                == .finished(.failure(code: "unsupported", message: "This app cannot run trainer.goalOptions.")))
        let withoutOperation = try await run("trainer.teleport", modules: [TrainerModule(planner: FixedPlanner())])
        #expect(
            withoutOperation
                == .finished(.failure(code: "unsupported", message: "This app cannot run trainer.teleport.")))
    }

    @Test("Only the results a module's contract names reach the engine: it cannot sign anyone out")
    func undeclaredResultsDropped() async throws {
        let step = try await run("chatty.speak", ["word": "hi"], modules: [ChattyModule()])
        #expect(step == .finished(.success(["chatty.said": "hi"])))
    }

    @Test("The linter checks a shipped module's calls as it checks the catalogue's; an app's own module is its host's")
    func linted() throws {
        var trainer = try Catalog.flow("trainer")
        trainer.transitions[0].effects = [
            EffectCall("trainer.teleport"),
            EffectCall(
                "trainer.confirmGoal", args: ["optionId": "g1", "why": "x"], defaults: ["trainer.goal.name": "A"]),
            EffectCall("chatty.speak", args: ["volume": 11]),
        ]
        let found = FlowLinter.problems(in: trainer).map(\.description)
        #expect(
            found.contains(
                "screen \"introHero\": \"trainer.teleport\" on \"continue\" is no operation of the trainer module"))
        #expect(
            found.contains("screen \"introHero\": \"trainer.confirmGoal\" on \"continue\" takes no argument \"why\""))
        #expect(
            found.contains(
                "screen \"introHero\": \"trainer.confirmGoal\" on \"continue\" never delivers \"trainer.goal.name\""))
        #expect(!found.contains { $0.contains("chatty") }, "an app's module the linter was not told of")
        let told = FlowLinter.problems(in: trainer, modules: [.trainer, ChattyModule().contract]).map(\.description)
        #expect(told.contains("screen \"introHero\": \"chatty.speak\" on \"continue\" takes no argument \"volume\""))
    }
}

/// The trainer's effects — goals proposed and confirmed, a program drafted, edited and started — as a
/// module any host registers with the planner it has: the SDK's talks to the server, the web funnel's
/// calls the server's planner in process. What each operation reads and delivers is decided here,
/// once, whichever host runs the walk.
public struct TrainerModule<Planner: TrainerPlanner>: FlowModule {
    let planner: Planner

    /// Creates the module over a planner.
    public init(planner: Planner) {
        self.planner = planner
    }

    /// The trainer's operations.
    public var contract: FlowModuleContract { .trainer }

    /// Runs one of the trainer's operations.
    public func perform(_ operation: String, arguments: [String: Value]) async throws -> [String: Value] {
        let arguments = EffectArguments(arguments)
        switch operation {
        case "goalOptions":
            return EffectGoalOption.results(try await planner.goalOptions(instruction: nil))
        case "editGoalOptions":
            return EffectGoalOption.results(try await planner.goalOptions(instruction: arguments.text("instruction")))
        case "confirmGoal":
            return ["trainer.goal.id": .string(try await planner.confirmGoal(optionID: arguments.text("optionId")))]
        case "draftProgram":
            return try await planner.program(editing: nil, instruction: nil).results
        case "editProgram":
            let program = try await planner.program(
                editing: arguments.text("programId"), instruction: arguments.text("instruction"))
            return program.results
        case "activateProgram":
            return [
                "trainer.program.status": .string(try await planner.activateProgram(id: arguments.text("programId")))
            ]
        default:
            throw EffectFailure.unsupported("trainer.\(operation)")
        }
    }
}

/// What the trainer module asks of its host: goals, a program, its start.
public protocol TrainerPlanner: Sendable {
    /// Goal options from the submitted intake, or new ones reflecting an instruction.
    func goalOptions(instruction: String?) async throws -> [EffectGoalOption]
    /// Locks in a goal option; returns the goal's id.
    func confirmGoal(optionID: String) async throws -> String
    /// Drafts a program for the confirmed goal, or the next version of `programID` changed as instructed.
    func program(editing programID: String?, instruction: String?) async throws -> EffectProgram
    /// Starts a program; returns its status.
    func activateProgram(id: String) async throws -> String
}

extension FlowModuleContract {
    /// The trainer's operations, each delivering what the trainer flow reads.
    public static let trainer = FlowModuleContract(
        name: "trainer",
        operations: [
            "goalOptions": .init(results: ["trainer.goalOptions"]),
            "editGoalOptions": .init(argumentKeys: ["instruction"], results: ["trainer.goalOptions"]),
            "confirmGoal": .init(argumentKeys: ["optionId"], results: ["trainer.goal.id"]),
            "draftProgram": .init(results: Set(EffectProgram.keys)),
            "editProgram": .init(argumentKeys: ["programId", "instruction"], results: Set(EffectProgram.keys)),
            "activateProgram": .init(argumentKeys: ["programId"], results: ["trainer.program.status"]),
        ])
}

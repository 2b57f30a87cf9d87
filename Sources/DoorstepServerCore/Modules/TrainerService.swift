import DoorstepFlow
import Foundation

/// The trainer's program as the person sees it.
public struct TrainingProgram: Sendable, Hashable, Codable {
    public var id: UUID
    public var version: Int
    /// `draft` or `active`.
    public var status: String
    public var markdown: String
    public var createdAt: Date
}

/// The trainer module (seed 001): goal options from the stored intake, edited by instruction and
/// confirmed; a program drafted in Markdown, edited into new versions and activated.
public struct TrainerService: Sendable {
    let storage: any Storage
    let planner: any GoalPlanner
    let context: ServiceContext

    /// The flow whose answers are the intake.
    public static let flowID = "trainer"
    static let module = "trainer"

    /// Creates the service.
    public init(storage: any Storage, planner: any GoalPlanner, context: ServiceContext) {
        self.storage = storage
        self.planner = planner
        self.context = context
    }

    struct State: Codable, Sendable {
        var options: [GoalOption] = []
        var goal: GoalOption?
        var goalConfirmedAt: Date?
        var programs: [TrainingProgram] = []
    }

    /// Fresh goal options from the stored intake.
    public func goalOptions(_ caller: Caller) async throws -> [GoalOption] {
        try await regenerateOptions(caller, instruction: nil)
    }

    /// New goal options that reflect the person's instruction.
    public func editGoalOptions(_ caller: Caller, instruction: String) async throws -> [GoalOption] {
        try await regenerateOptions(caller, instruction: try Self.instruction(instruction))
    }

    /// Locks in one of the current options.
    public func confirmGoal(_ caller: Caller, optionID: String) async throws -> (goal: GoalOption, confirmedAt: Date) {
        try await update(caller) { state in
            guard let option = state.options.first(where: { $0.id == optionID }) else { throw ServiceError.notFound }
            state.goal = option
            state.goalConfirmedAt = context.clock.now
            return (option, context.clock.now)
        }
    }

    /// Drafts a program for the confirmed goal.
    public func draftProgram(_ caller: Caller) async throws -> TrainingProgram {
        let intake = try await self.intake(caller)
        let state = try await load(caller)
        guard let goal = state.goal else {
            throw ServiceError(status: 409, code: "goal_missing", detail: "Confirm a goal before drafting a program.")
        }
        let markdown = try await planner.program(intake: intake, goal: goal, previous: nil, instruction: nil)
        let program = TrainingProgram(
            id: context.random.uuid(), version: 1, status: "draft", markdown: markdown, createdAt: context.clock.now)
        return try await update(caller) { state in
            state.programs.append(program)
            return program
        }
    }

    /// A new version of a program, changed as instructed.
    public func editProgram(_ caller: Caller, programID raw: String, instruction raw2: String) async throws
        -> TrainingProgram
    {
        let instruction = try Self.instruction(raw2)
        let intake = try await self.intake(caller)
        let state = try await load(caller)
        guard let id = UUID(text: raw), let current = state.programs.last(where: { $0.id == id }),
            let goal = state.goal
        else { throw ServiceError.notFound }
        let markdown = try await planner.program(
            intake: intake, goal: goal, previous: current.markdown,
            instruction: instruction)
        let next = TrainingProgram(
            id: id, version: current.version + 1, status: "draft", markdown: markdown,
            createdAt: context.clock.now)
        return try await update(caller) { state in
            state.programs.append(next)
            return next
        }
    }

    /// Marks the newest version of a program active.
    public func activateProgram(_ caller: Caller, programID raw: String) async throws -> TrainingProgram {
        try await update(caller) { state in
            guard let id = UUID(text: raw), let index = state.programs.lastIndex(where: { $0.id == id }) else {
                throw ServiceError.notFound
            }
            for other in state.programs.indices where state.programs[other].status == "active" {
                state.programs[other].status = "archived"
            }
            state.programs[index].status = "active"
            return state.programs[index]
        }
    }

    /// The caller's programs, newest version last.
    public func programs(_ caller: Caller) async throws -> [TrainingProgram] {
        try await load(caller).programs
    }

    /// The confirmed goal, if any.
    public func goal(_ caller: Caller) async throws -> GoalOption? {
        try await load(caller).goal
    }

    // MARK: - Helpers

    private func regenerateOptions(_ caller: Caller, instruction: String?) async throws -> [GoalOption] {
        let intake = try await self.intake(caller)
        let options = try await planner.goalOptions(intake: intake, instruction: instruction)
        return try await update(caller) { state in
            state.options = options
            return options
        }
    }

    private func intake(_ caller: Caller) async throws -> [String: Value] {
        let submissions = try await storage.transaction {
            try await $0.submissions(userID: caller.userID, flowID: Self.flowID)
        }
        guard !submissions.isEmpty else {
            throw ServiceError(status: 409, code: "intake_missing", detail: "Submit the intake answers first.")
        }
        return submissions.mergedAnswers
    }

    private func load(_ caller: Caller) async throws -> State {
        let data = try await storage.transaction {
            try await $0.moduleState(userID: caller.userID, module: Self.module)
        }
        guard let data else { return State() }
        return try JSONDecoder().decode(State.self, from: data)
    }

    private func update<Result: Sendable>(
        _ caller: Caller, _ change: @Sendable (inout State) throws -> Result
    ) async throws -> Result {
        try await storage.transaction { store in
            var state =
                try await store.moduleState(userID: caller.userID, module: Self.module)
                .map { try JSONDecoder().decode(State.self, from: $0) } ?? State()
            let result = try change(&state)
            try await store.saveModuleState(
                userID: caller.userID, module: Self.module,
                state: try JSONEncoder().encode(state), at: context.clock.now)
            return result
        }
    }

    static func instruction(_ raw: String) throws(ServiceError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= 1_000, !TextRules.hasControlCharacters(text) else {
            throw .invalid("instruction", code: "invalid_instruction", "Say what to change, in up to 1,000 characters.")
        }
        return text
    }
}

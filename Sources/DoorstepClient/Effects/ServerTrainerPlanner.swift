import DoorstepFlow

/// The trainer's planner on the server, reached through the SDK: what an app registers to walk the
/// trainer flow, `TrainerModule(planner: ServerTrainerPlanner(client: client))`.
public struct ServerTrainerPlanner: TrainerPlanner {
    let client: DoorstepClient

    /// Creates the planner over the app's client.
    public init(client: DoorstepClient) {
        self.client = client
    }

    public func goalOptions(instruction: String?) async throws -> [EffectGoalOption] {
        let options =
            if let instruction {
                try await client.editTrainerGoalOptions(instruction: instruction)
            } else {
                try await client.trainerGoalOptions()
            }
        return options.map { EffectGoalOption(id: $0.id, summary: $0.summary, detail: $0.detail) }
    }

    public func confirmGoal(optionID: String) async throws -> String {
        try await client.confirmTrainerGoal(optionID: optionID)
    }

    public func program(editing programID: String?, instruction: String?) async throws -> EffectProgram {
        let program =
            if let programID {
                try await client.editTrainerProgram(id: programID, instruction: instruction ?? "")
            } else {
                try await client.draftTrainerProgram()
            }
        return EffectProgram(id: program.id, version: program.version, markdown: program.programMarkdown)
    }

    public func activateProgram(id: String) async throws -> String {
        try await client.activateTrainerProgram(id: id)
    }
}

extension TrainerModule where Planner == ServerTrainerPlanner {
    /// The trainer module talking to the server through `client`.
    public init(client: DoorstepClient) {
        self.init(planner: ServerTrainerPlanner(client: client))
    }
}

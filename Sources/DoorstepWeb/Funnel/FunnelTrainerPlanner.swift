import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore

/// The trainer's planner for one browser request: the server's, called in process for the person
/// signed in, as the API calls it for the app.
struct FunnelTrainerPlanner: TrainerPlanner {
    let trainer: TrainerService
    /// Who is signed in; nil refuses every operation as unauthenticated, as the API would.
    let caller: Caller?

    func goalOptions(instruction: String?) async throws -> [EffectGoalOption] {
        let options =
            if let instruction {
                try await trainer.editGoalOptions(try signedIn(), instruction: instruction)
            } else {
                try await trainer.goalOptions(try signedIn())
            }
        return options.map { EffectGoalOption(id: $0.id, summary: $0.summary, detail: $0.detail) }
    }

    func confirmGoal(optionID: String) async throws -> String {
        try await trainer.confirmGoal(try signedIn(), optionID: optionID).goal.id
    }

    func program(editing programID: String?, instruction: String?) async throws -> EffectProgram {
        let program =
            if let programID {
                try await trainer.editProgram(try signedIn(), programID: programID, instruction: instruction ?? "")
            } else {
                try await trainer.draftProgram(try signedIn())
            }
        return EffectProgram(id: program.id.lowercasedText, version: program.version, markdown: program.markdown)
    }

    func activateProgram(id: String) async throws -> String {
        try await trainer.activateProgram(try signedIn(), programID: id).status
    }

    private func signedIn() throws -> Caller {
        guard let caller else { throw ServiceError.unauthenticated }
        return caller
    }
}

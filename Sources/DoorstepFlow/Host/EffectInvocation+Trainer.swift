import Foundation

/// The trainer's effects: goals proposed and confirmed, a program drafted, edited and started.
extension EffectInvocation {
    func trainerGoalOptions() async throws -> [String: Value] {
        EffectGoalOption.results(try await performer.trainerGoalOptions(instruction: nil))
    }

    func trainerEditGoalOptions() async throws -> [String: Value] {
        EffectGoalOption.results(try await performer.trainerGoalOptions(instruction: arguments.text("instruction")))
    }

    func trainerConfirmGoal() async throws -> [String: Value] {
        ["trainer.goal.id": .string(try await performer.trainerConfirmGoal(optionID: arguments.text("optionId")))]
    }

    func trainerDraftProgram() async throws -> [String: Value] {
        try await performer.trainerProgram(editing: nil, instruction: nil).results
    }

    func trainerEditProgram() async throws -> [String: Value] {
        try await performer.trainerProgram(
            editing: arguments.text("programId"), instruction: arguments.text("instruction")
        ).results
    }

    func trainerActivateProgram() async throws -> [String: Value] {
        let status = try await performer.trainerActivateProgram(id: arguments.text("programId"))
        return ["trainer.program.status": .string(status)]
    }
}

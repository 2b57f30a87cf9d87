import DoorstepAPI
import DoorstepServerCore
import Foundation

extension DoorstepAPIHandler {
    package func trainerGoalOptions(_ input: Operations.TrainerGoalOptions.Input) async throws
        -> Operations.TrainerGoalOptions.Output
    {
        let options = try await services.trainer.goalOptions(try await caller())
        return .ok(.init(body: .json(.init(options: options.map(WireModels.goalOption)))))
    }

    package func trainerEditGoalOptions(_ input: Operations.TrainerEditGoalOptions.Input) async throws
        -> Operations.TrainerEditGoalOptions.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let options = try await services.trainer.editGoalOptions(caller, instruction: body.instruction)
        return .ok(.init(body: .json(.init(options: options.map(WireModels.goalOption)))))
    }

    package func trainerConfirmGoal(_ input: Operations.TrainerConfirmGoal.Input) async throws
        -> Operations.TrainerConfirmGoal.Output
    {
        let (goal, confirmedAt) = try await services.trainer.confirmGoal(
            try await caller(), optionID: input.path.optionId)
        return .ok(
            .init(
                body: .json(
                    .init(
                        goal: .init(
                            id: goal.id, summary: goal.summary, detail: goal.detail,
                            confirmedAt: confirmedAt)))))
    }

    package func trainerDraftProgram(_ input: Operations.TrainerDraftProgram.Input) async throws
        -> Operations.TrainerDraftProgram.Output
    {
        .ok(.init(body: .json(WireModels.program(try await services.trainer.draftProgram(try await caller())))))
    }

    package func trainerEditProgram(_ input: Operations.TrainerEditProgram.Input) async throws
        -> Operations.TrainerEditProgram.Output
    {
        let caller = try await caller()
        guard case .json(let body) = input.body else { throw RequestBodyMiddleware.unsupported }
        let program = try await services.trainer.editProgram(
            caller, programID: input.path.id, instruction: body.instruction)
        return .ok(.init(body: .json(WireModels.program(program))))
    }

    package func trainerActivateProgram(_ input: Operations.TrainerActivateProgram.Input) async throws
        -> Operations.TrainerActivateProgram.Output
    {
        let program = try await services.trainer.activateProgram(try await caller(), programID: input.path.id)
        return .ok(
            .init(
                body: .json(
                    .init(
                        id: program.id.lowercasedText, status: program.status,
                        version: program.version))))
    }
}

extension WireModels {
    static func goalOption(_ option: GoalOption) -> Components.Schemas.GoalOption {
        .init(id: option.id, summary: option.summary, detail: option.detail)
    }

    static func program(_ program: TrainingProgram) -> Components.Schemas.Program {
        .init(
            id: program.id.lowercasedText, status: program.status, version: program.version,
            programMarkdown: program.markdown)
    }
}

import DoorstepAPI
import Foundation

/// A goal the trainer offers.
public typealias TrainerGoalOption = Components.Schemas.GoalOption
/// A trainer program version.
public typealias TrainerProgram = Components.Schemas.Program

extension DoorstepClient {
    /// Goal options from the submitted intake.
    public func trainerGoalOptions() async throws -> [TrainerGoalOption] {
        try await authorized {
            switch try await self.send({ try await self.api.trainerGoalOptions() }) {
            case .ok(let ok): return try ok.body.json.options
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// New goal options that reflect an instruction.
    public func editTrainerGoalOptions(instruction: String) async throws -> [TrainerGoalOption] {
        try await authorized {
            switch try await self.send({
                try await self.api.trainerEditGoalOptions(body: .json(.init(instruction: instruction)))
            }) {
            case .ok(let ok): return try ok.body.json.options
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Locks in a goal option.
    public func confirmTrainerGoal(optionID: String) async throws -> String {
        try await authorized {
            switch try await self.send({ try await self.api.trainerConfirmGoal(path: .init(optionId: optionID)) }) {
            case .ok(let ok): return try ok.body.json.goal.id
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Drafts a program for the confirmed goal.
    public func draftTrainerProgram() async throws -> TrainerProgram {
        try await authorized {
            switch try await self.send({ try await self.api.trainerDraftProgram() }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// The next version of a program, changed as instructed.
    public func editTrainerProgram(id: String, instruction: String) async throws -> TrainerProgram {
        try await authorized {
            switch try await self.send({
                try await self.api.trainerEditProgram(path: .init(id: id), body: .json(.init(instruction: instruction)))
            }) {
            case .ok(let ok): return try ok.body.json
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }

    /// Activates a program; returns its status.
    public func activateTrainerProgram(id: String) async throws -> String {
        try await authorized {
            switch try await self.send({ try await self.api.trainerActivateProgram(path: .init(id: id)) }) {
            case .ok(let ok): return try ok.body.json.status
            case .default(let status, let problem): throw DoorstepError.problem(status, problem)
            }
        }
    }
}

import DoorstepFlow
import Foundation

/// A concrete goal the trainer offers.
public struct GoalOption: Sendable, Hashable, Codable {
    public var id: String
    public var summary: String
    public var detail: String

    /// Creates an option.
    public init(id: String, summary: String, detail: String) {
        self.id = id
        self.summary = summary
        self.detail = detail
    }
}

/// Turns an intake into goal options and a program. The default is deterministic; an LLM-backed one
/// can stand behind the same protocol.
public protocol GoalPlanner: Sendable {
    /// 3–4 concrete goals that reflect the intake, and the instruction when there is one.
    func goalOptions(intake: [String: Value], instruction: String?) async throws -> [GoalOption]
    /// A program in Markdown for the goal; `previous` and `instruction` when the person asked for changes.
    func program(intake: [String: Value], goal: GoalOption, previous: String?, instruction: String?) async throws
        -> String
}

/// What a planner reads from the trainer's intake.
struct IntakeProfile {
    var name: String
    var goals: String
    var timeline: String
    var daysPerWeek: Int
    var experience: String
    var injuries: String?
    var environment: String

    init(_ intake: [String: Value]) {
        func text(_ key: String) -> String? {
            let value = intake[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        name = text("name") ?? "you"
        goals = text("goals") ?? "get fitter"
        timeline = text("timeline") ?? "12 weeks"
        let frequency = text("frequency") ?? "3"
        let firstNumber = frequency.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) }
        daysPerWeek = min(max(firstNumber ?? 3, 2), 6)
        experience = text("experienceLevel") ?? "Some experience"
        let injury = text("injuries")
        injuries = injury.flatMap { Self.meansNone($0) ? nil : $0 }
        environment = text("environment") ?? "Bodyweight only"
    }

    /// Whether an answer to "any injuries?" says there are none ("No", "Nothing special", "n/a").
    static func meansNone(_ answer: String) -> Bool {
        let words = answer.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        return [
            "", "none", "no", "nope", "n/a", "na", "nothing", "nothing special", "nothing really", "not really",
            "no injuries", "no injury", "none really", "all good",
        ].contains(words)
    }

    var isBeginner: Bool {
        let level = experience.lowercased()
        return level.contains("new") || level.contains("beginner") || level.contains("never")
    }

    /// What the person can train with.
    var equipment: String {
        let place = environment.lowercased()
        if place.contains("gym") { return "gym" }
        if place.contains("dumbbell") || place.contains("home") { return "dumbbells" }
        return "bodyweight"
    }
}

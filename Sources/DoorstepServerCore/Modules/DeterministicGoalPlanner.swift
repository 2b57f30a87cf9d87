import Crypto
import DoorstepFlow
import Foundation

/// A planner with no model behind it: the same intake and instruction always give the same options
/// and program, built from the person's own words, timeline, frequency, experience, equipment and
/// injuries. It follows the few requests it understands (a focus, fewer or more days, shorter sessions,
/// another day) and says plainly when it cannot follow one, rather than claiming a change.
public struct DeterministicGoalPlanner: GoalPlanner {
    /// Creates the planner.
    public init() {}

    public func goalOptions(intake: [String: Value], instruction: String?) async throws -> [GoalOption] {
        let profile = IntakeProfile(intake)
        let request = instruction.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        let asked = Self.focus(in: request)
        let focus = asked ?? profile.goals
        let pace = profile.isBeginner ? "starting gently and building week by week" : "with steady progressive overload"
        var options = [
            (
                summary: "\(Self.capitalized(focus)) in \(profile.timeline)",
                detail: "\(profile.daysPerWeek) sessions a week with \(profile.equipment), \(pace)."
            ),
            (
                summary: "Get stronger \(profile.daysPerWeek)× a week for \(profile.timeline)",
                detail: "Full-body strength with \(profile.equipment), aimed at: \(focus)."
            ),
            (
                summary: "Build your engine: conditioning \(profile.daysPerWeek)× a week",
                detail: "Intervals and steady cardio that support \(focus.lowercased()), \(pace)."
            ),
        ]
        if let injury = profile.injuries {
            options.append(
                (
                    summary: "Move pain-free while you \(focus.lowercased())",
                    detail: "Strength and mobility that work around: \(injury)."
                ))
        }
        if !request.isEmpty, asked == nil {
            options[0].detail += " " + Self.cannotFollow(request) + " These options come from your answers."
        }
        return options.map { option in
            GoalOption(
                id: Self.identifier(option.summary + option.detail), summary: option.summary, detail: option.detail)
        }
    }

    public func program(intake: [String: Value], goal: GoalOption, previous: String?, instruction: String?) async throws
        -> String
    {
        var profile = IntakeProfile(intake)
        let request = instruction?.lowercased() ?? ""
        var changes: [String] = []
        let asked = profile.daysPerWeek
        if request.contains("fewer") || request.contains("less") {
            profile.daysPerWeek = max(2, profile.daysPerWeek - 1)
        }
        if request.contains("more days") || request.contains("extra day") {
            profile.daysPerWeek = min(6, profile.daysPerWeek + 1)
        }
        if profile.daysPerWeek != asked { changes.append("\(profile.daysPerWeek) sessions a week instead of \(asked)") }
        let minutes = request.contains("shorter") ? 30 : 45
        if minutes == 30 { changes.append("sessions of about 30 minutes") }
        let days = Self.days(for: profile.daysPerWeek, avoiding: request)
        let usual = Self.days(for: profile.daysPerWeek, avoiding: "")
        for (added, dropped) in zip(days.filter { !usual.contains($0) }, usual.filter { !days.contains($0) }) {
            changes.append("\(added) instead of \(dropped)")
        }
        var lines = [
            "# Your Training Program", "",
            "## Overview",
            "**Goal:** \(goal.summary)  ",
            "\(goal.detail) Built for \(profile.name): \(profile.daysPerWeek) sessions of about \(minutes) minutes a week "
                + "with \(profile.equipment).", "",
            "## Weekly Schedule",
        ]
        for (index, day) in days.enumerated() {
            lines.append("- **\(day):** \(Self.sessionNames[index % Self.sessionNames.count])")
        }
        lines += ["", "## Sessions"]
        for (index, day) in days.enumerated() {
            lines.append("### \(day) — \(Self.sessionNames[index % Self.sessionNames.count])")
            for exercise in Self.exercises(for: index, profile: profile) { lines.append("- \(exercise)") }
            lines.append("")
        }
        lines += [
            "## Progression",
            profile.isBeginner
                ? "- Weeks 1–2: learn each movement, stop two reps short of tiring.\n- From week 3: add one rep a set each week, then a little load."
                : "- Add load or a rep each week while form stays crisp.\n- Every fourth week, ease off by a third to recover.",
            "",
            "## Notes",
        ]
        if let injury = profile.injuries { lines.append("- Works around: \(injury). Stop any movement that hurts.") }
        if !changes.isEmpty {
            lines.append("- Changed as you asked: \(changes.joined(separator: ", ")).")
        } else if let instruction, !instruction.isEmpty {
            lines.append(
                "- \(Self.cannotFollow(instruction)) It can make fewer or more sessions a week, shorter sessions, "
                    + "or swap one day for another.")
        }
        lines.append("- Warm up for 5 minutes before each session.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What an instruction asks the options to be about, in the few phrasings a planner without a
    /// model understands: a goal said plainly ("swim a mile") or a focus ("make it about swimming");
    /// nil for a request about the options themselves ("something more fun", "can it be shorter?").
    static func focus(in instruction: String) -> String? {
        let request = instruction.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        for lead in ["make it more about ", "make it about ", "focus more on ", "focus on ", "more about ", "about "]
        where request.hasPrefix(lead) {
            let topic = String(request.dropFirst(lead.count)).trimmingCharacters(in: .whitespaces)
            return topic.isEmpty || topic.count > 60 ? nil : topic
        }
        let words = request.split(separator: " ")
        let aboutTheOptions = [
            "make", "more", "less", "something", "can", "could", "would", "please", "i", "it", "not", "don't",
            "too", "different", "other", "another", "change", "these", "those",
        ]
        guard !words.isEmpty, words.count <= 8, !instruction.contains("?"),
            !aboutTheOptions.contains(String(words[0]))
        else { return nil }
        return request
    }

    /// Says plainly that this planner could not follow a request, and why.
    static func cannotFollow(_ instruction: String) -> String {
        "This planner works without an AI model, so it could not follow “\(instruction)”."
    }

    static let sessionNames = [
        "Full-body strength", "Conditioning", "Strength and mobility", "Lower body", "Upper body",
        "Long easy cardio",
    ]

    static func days(for count: Int, avoiding request: String) -> [String] {
        let week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let preferred: [Int: [Int]] = [
            2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 5: [0, 1, 2, 3, 4], 6: [0, 1, 2, 3, 4, 5],
        ]
        var chosen = (preferred[count] ?? [0, 2, 4]).map { week[$0] }
        for (index, day) in chosen.enumerated() where request.contains("swap \(day.lowercased())") {
            if let replacement = week.first(where: {
                request.contains($0.lowercased()) && $0 != day && !chosen.contains($0)
            }) {
                chosen[index] = replacement
            }
        }
        return chosen.sorted { week.firstIndex(of: $0)! < week.firstIndex(of: $1)! }
    }

    static func exercises(for session: Int, profile: IntakeProfile) -> [String] {
        let injury = profile.injuries?.lowercased() ?? ""
        let knees = injury.contains("knee")
        let back = injury.contains("back")
        let shoulders = injury.contains("shoulder")
        let sets = profile.isBeginner ? "2 × 10" : "3 × 8–10"
        let gear = profile.equipment
        var list: [String]
        switch session % 3 {
        case 0:
            list = [
                knees
                    ? "Glute bridge — \(sets)"
                    : (gear == "bodyweight" ? "Bodyweight squat — \(sets)" : "Goblet squat — \(sets)"),
                shoulders
                    ? "Incline push-up — \(sets)" : (gear == "gym" ? "Bench press — \(sets)" : "Push-up — \(sets)"),
                back
                    ? "Bird dog — 3 × 8 a side"
                    : (gear == "bodyweight" ? "Hip hinge good morning — \(sets)" : "Romanian deadlift — \(sets)"),
                gear == "bodyweight" ? "Towel row — \(sets)" : "One-arm row — \(sets)",
                "Plank — 3 × 30 s",
            ]
        case 1:
            list = [
                knees
                    ? "Cycling or brisk walk intervals — 8 × 1 min hard, 1 min easy"
                    : "Intervals — 8 × 1 min hard, 1 min easy",
                "Easy cardio — 15 min",
                "Dead bug — 3 × 10",
            ]
        default:
            list = [
                knees ? "Step-up to a low box — \(sets)" : "Reverse lunge — \(sets)",
                shoulders
                    ? "Band pull-apart — 3 × 15"
                    : (gear == "bodyweight" ? "Pike push-up — \(sets)" : "Overhead press — \(sets)"),
                "Hip mobility flow — 5 min",
                "Side plank — 3 × 20 s a side",
            ]
        }
        return list
    }

    static func identifier(_ text: String) -> String {
        "goal-" + SHA256.hash(data: Data(text.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}

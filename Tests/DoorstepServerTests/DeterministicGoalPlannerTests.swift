import DoorstepFlow
import DoorstepServerCore
import Testing

@Suite("The planner without a model says what it did, and what it could not do")
struct DeterministicGoalPlannerTests {
    let planner = DeterministicGoalPlanner()
    let intake: [String: Value] = [
        "name": "Alex", "goals": "run a 10k", "timeline": "4 weeks", "frequency": "4",
        "experienceLevel": "Some experience", "injuries": "Nothing special", "environment": "Gym",
    ]

    @Test("A focus it understands becomes the goal; a request it does not is not parroted, and it says so")
    func goalOptions() async throws {
        let swimming = try await planner.goalOptions(intake: intake, instruction: "Make it about swimming")
        #expect(swimming[0].summary == "Swimming in 4 weeks")
        let vague = try await planner.goalOptions(intake: intake, instruction: "Something more fun please")
        #expect(vague[0].summary == "Run a 10k in 4 weeks")
        #expect(vague[0].detail.contains("could not follow “Something more fun please”"))
        #expect(!vague.contains { $0.summary.lowercased().contains("fun") })
    }

    @Test("\"Nothing special\" is no injury: no option or note works around it")
    func noInjury() async throws {
        let options = try await planner.goalOptions(intake: intake, instruction: nil)
        #expect(options.count == 3)
        #expect(!options.contains { $0.detail.contains("Nothing special") })
        let program = try await planner.program(intake: intake, goal: options[0], previous: nil, instruction: nil)
        #expect(!program.contains("Works around"))
    }

    @Test("An edit lists the changes it made, and a request it cannot follow changes nothing and says so")
    func edits() async throws {
        let goal = try await planner.goalOptions(intake: intake, instruction: nil)[0]
        let fewer = try await planner.program(
            intake: intake, goal: goal, previous: nil, instruction: "Fewer days and shorter sessions")
        #expect(fewer.contains("Changed as you asked: 3 sessions a week instead of 4, sessions of about 30 minutes."))
        let unknown = try await planner.program(
            intake: intake, goal: goal, previous: nil, instruction: "Add swimming on Tuesdays")
        #expect(!unknown.contains("Changed as you asked"))
        #expect(unknown.contains("could not follow “Add swimming on Tuesdays”"))
        let plain = try await planner.program(intake: intake, goal: goal, previous: nil, instruction: nil)
        #expect(unknown == plain.replacingOccurrences(of: "## Notes\n", with: "## Notes\n" + unknownNote))
    }

    private var unknownNote: String {
        "- This planner works without an AI model, so it could not follow “Add swimming on Tuesdays”. It can make "
            + "fewer or more sessions a week, shorter sessions, or swap one day for another.\n"
    }
}

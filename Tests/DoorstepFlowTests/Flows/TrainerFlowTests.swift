import DoorstepFlow
import Foundation
import Testing

@Suite("AI personal trainer flow")
struct TrainerFlowTests {
    static let intake: [(field: String, answer: Value)] = [
        ("name", "Alex"), ("age", 34), ("gender", "Female"), ("goals", "Get stronger"), ("timeline", "3 months"),
        ("experienceLevel", "Some experience"), ("frequency", "3 days"), ("currentRoutine", "Walking"),
        ("pastAttempts", "Lost motivation"), ("hobbySports", "Hiking"), ("height", 66), ("weight", 150),
        ("bodyComp", "Average"), ("physicalBaseline", "10 push-ups"), ("mobility", "A bit tight"),
        ("injuries", "Left knee"), ("healthNuances", "None"), ("supplements", "None"),
        ("activityLevel", "Mostly sitting"), ("sleep", "6–7 hours"), ("nutrition", "Pretty balanced"),
        ("environment", "Home with dumbbells"), ("movementPrefs", "Lifting weights"), ("coachingStyle", "Encouraging"),
        ("anythingElse", "I travel a lot"),
    ]

    @Test("The intro is hero → narration (timer or tap) → call to action")
    func intro() throws {
        var driver = try FlowDriver(flow: "trainer")
        #expect(driver.screen == "introHero")
        driver.tap("continue")
        #expect(driver.screen == "introNarration")
        #expect(driver.scheduledTimers["finished"] != nil, "the narration advances by itself")
        driver.fireTimer("finished")
        #expect(driver.screen == "introCTA")
        driver.back()
        driver.tap("skip")
        #expect(driver.screen == "introCTA", "tapping skips the narration")
    }

    @Test("Every intake question is asked once, in the spec's order, with its answer stored under its field")
    func intakeOrder() throws {
        var driver = try walkIntroduction()
        for (field, answer) in Self.intake {
            #expect(driver.screen == field)
            driver.answer(field, answer)
            driver.tap("next")
        }
        #expect(driver.screen == "complete")
        #expect(driver.engine.render("Got it, {name}.") == "Got it, Alex.")
        for (field, answer) in Self.intake {
            #expect(driver.snapshot.answers[field] == answer)
        }
    }

    @Test("Section labels follow the spec, and the bar fills within each section")
    func sectionedProgress() throws {
        var driver = try walkIntroduction()
        let labels = driver.engine.progress.segments.map(\.label)
        #expect(
            labels == [
                "ABOUT YOU", "YOUR GOALS", "TRAINING HISTORY", "BODY METRICS", "FITNESS BASELINE",
                "HEALTH", "LIFESTYLE", "EQUIPMENT", "PREFERENCES", "ALMOST DONE",
            ])
        #expect(driver.engine.progress.track?.style == .sectioned)
        #expect(driver.engine.progress.label == "ABOUT YOU")
        #expect(driver.engine.progress.segments[0].fill == 1.0 / 3.0)
        driver.answer("name", "Alex")
        driver.tap("next")
        #expect(driver.engine.progress.segments[0].fill == 2.0 / 3.0)
        driver.tap("next")
        driver.tap("next")
        #expect(driver.screen == "gender")
        #expect(driver.issue("gender") == "Please choose an option.")
        driver.answer("gender", "Male")
        driver.tap("next")
        #expect(driver.engine.progress.label == "YOUR GOALS")
        #expect(driver.engine.progress.segments.map(\.fill).prefix(3) == [1, 0.5, 0])
        driver.back()
        #expect(driver.engine.progress.segments.map(\.fill).prefix(2) == [1, 0])
    }

    @Test("Steppers start at the spec's values and keep the person's choice; height reads in feet and inches")
    func steppers() throws {
        var driver = try walkIntroduction()
        driver.answer("name", "Alex")
        driver.tap("next")
        #expect(driver.snapshot.answers["age"] == 30, "the age stepper starts at 30 and can move on at once")
        driver.tap("next")
        driver.answer("gender", "Female")
        driver.tap("next")
        for _ in 0..<7 {
            driver.answer(driver.screen, "An answer")
            driver.tap("next")
        }
        #expect(driver.screen == "height")
        #expect(driver.snapshot.answers["height"] == 68)
        let height = try #require(driver.engine.flow.field("height"))
        var stepper = try #require(Stepper(field: height, answer: driver.snapshot.answers["height"]))
        #expect(UnitFormatter.display(stepper.value, as: .feetInches) == "5'8\"")
        stepper.increment()
        #expect(UnitFormatter.display(stepper.value, as: .feetInches) == "5'9\"")
        driver.answer("height", 200)
        driver.tap("next")
        #expect(driver.screen == "height", "a value past the maximum is refused")
        #expect(driver.issue("height") != nil)
    }

    @Test("Voice answers can be typed or picked from pills, and an empty one cannot move on")
    func voiceAnswers() throws {
        let flow = try Catalog.flow("trainer")
        let goals = try #require(flow.screen("goals"))
        let voice = try #require(goals.blocks.first { $0.kind == .voiceAnswer })
        #expect(voice.prompts?.count == 3, "goals is a guided voice question with sub-prompts")
        #expect(voice.pills?.isEmpty == false)
        #expect(goals.template == "guidedVoice")
        #expect(flow.screen("physicalBaseline")?.template == "guidedVoice")
        let voiceScreens = flow.screens.filter { $0.template == "voice" }
        #expect(voiceScreens.count == 18)
        #expect(flow.screen("anythingElse")?.template == "voice")
    }

    @Test("Auth comes after the intake; verifying syncs the intake and fetches goal options")
    func authAfterIntake() throws {
        var driver = try walkToAuth()
        #expect(driver.effectNames.isEmpty, "nothing reaches a server before the person signs up")
        driver.answer("email", "alex@example.com")
        driver.tap("continue")
        #expect(driver.screen == "auth")
        #expect(driver.issue("agreedToTerms") == "Please agree to the Terms and Privacy Policy.")
        driver.answer("agreedToTerms", true)
        driver.tap("continue")
        #expect(driver.screen == "otp")
        driver.answer("code", "123456")
        driver.on(
            "trainer.goalOptions",
            succeedWith: [
                "trainer.goalOptions": [
                    ["id": "a", "summary": "Run a 10K", "detail": "In 12 weeks"], ["id": "b", "summary": "Get strong"],
                ]
            ])
        driver.tap("verify")
        #expect(driver.screen == "preparingGoals", "the code screen is left as soon as the code is accepted")
        #expect(driver.scheduledTimers["prepare"] == 0.1, "the goal screen starts its own work at once")
        driver.fireTimer("prepare")
        #expect(driver.screen == "goalReview")
        #expect(
            driver.effectNames == [
                "identify", "sendCode", "verifyCode", "acceptConsents", "submitAnswers",
                "trainer.goalOptions",
            ])
        let submitted = driver.performed[4].arguments["fields"]?.arrayValue?.compactMap(\.stringValue)
        #expect(submitted == Self.intake.map(\.field))
        #expect(driver.engine.options(for: "goalChoice").map(\.displayTitle) == ["Run a 10K", "Get strong"])
    }

    @Test("Signing in before the questions: a finished walk is welcomed back, a kept intake goes to goals")
    func signInBeforeTheIntake() throws {
        func signedIn(finished: Bool, completed: Bool) throws -> FlowDriver {
            var driver = try FlowDriver(flow: "trainer")
            driver.tap("continue")
            driver.tap("skip")
            driver.tap("signIn")
            #expect(driver.screen == "signIn")
            driver.answer("email", "jo@example.com")
            driver.on("identify", succeedWith: ["account.exists": true])
            driver.tap("continue")
            #expect(driver.screen == "otp")
            driver.answer("code", "123456")
            driver.on(
                "verifyCode", succeedWith: ["flow.finished": .bool(finished), "flow.completed": .bool(completed)])
            driver.tap("verify")
            return driver
        }
        let programmed = try signedIn(finished: true, completed: true)
        #expect(programmed.screen == "welcomeBack", "an active program, not goal selection again")
        #expect(programmed.snapshot.completed)
        #expect(try signedIn(finished: false, completed: true).screen == "preparingGoals")
        #expect(try signedIn(finished: false, completed: false).screen == "name", "no intake yet: the questions")
    }

    @Test("A failure while syncing or generating goals stays on the goal screen with Retry, never on the used code")
    func goalsRetry() throws {
        var driver = try walkToAuth()
        driver.answer("email", "alex@example.com")
        driver.answer("agreedToTerms", true)
        driver.tap("continue")
        driver.answer("code", "123456")
        driver.tap("verify")
        #expect(driver.screen == "preparingGoals")
        driver.on("trainer.goalOptions", failWith: "unavailable")
        driver.fireTimer("prepare")
        #expect(driver.screen == "preparingGoals")
        #expect(driver.message != nil)
        #expect(driver.engine.visibleActions.map(\.title).contains("Retry"))
        driver.on("trainer.goalOptions", succeedWith: ["trainer.goalOptions": [["id": "g1", "summary": "One"]]])
        driver.tap("retry")
        #expect(driver.screen == "goalReview")
        #expect(driver.effectNames.filter { $0 == "verifyCode" }.count == 1, "the code is used once")
        try driver.relaunch(session: SessionState(isSignedIn: true))
        #expect(driver.screen == "goalReview")
    }

    @Test("Goal review: feedback makes new options, then a chosen option is confirmed and a program drafted")
    func goalAndProgramReview() throws {
        var driver = try walkToGoalReview()
        driver.tap("confirm")
        #expect(driver.issue("goalChoice") == "Tap the goal that feels right, or tell me what to change.")
        driver.answer("goalFeedback", "Make it about running")
        driver.on("trainer.editGoalOptions") { request in
            #expect(request.arguments["instruction"] == "Make it about running")
            return .success(["trainer.goalOptions": [["id": "r1", "summary": "Run 5K in 8 weeks"]]])
        }
        driver.tap("send")
        #expect(driver.screen == "goalReview")
        #expect(driver.snapshot.answers["goalFeedback"] == nil, "the sent feedback is cleared")
        #expect(driver.engine.options(for: "goalChoice").map(\.value) == ["r1"])
        driver.answer("goalChoice", "stale-option")
        driver.tap("confirm")
        #expect(driver.issue("goalChoice") == "Please choose one of the options.")
        driver.answer("goalChoice", "r1")
        driver.on(
            "trainer.draftProgram", succeedWith: ["trainer.program.id": "p1", "trainer.program.markdown": "# Plan"])
        driver.tap("confirm")
        #expect(driver.screen == "programReview")
        #expect(driver.performed.suffix(2).map(\.arguments) == [["optionId": "r1"], [:]])

        driver.answer("programFeedback", "Swap Friday for Saturday")
        driver.tap("send")
        #expect(driver.performed.last?.arguments == ["programId": "p1", "instruction": "Swap Friday for Saturday"])
        driver.tap("activate")
        #expect(driver.screen == "notifications")
        driver.on("requestPermission", failWith: "denied")
        driver.tap("enable")
        #expect(driver.screen == "success", "a declined permission does not block the flow")
        #expect(driver.engine.render("You're all set, {name}!") == "You're all set, Alex!")
        #expect(driver.snapshot.completed)
    }

    @Test("A kill in the middle of the intake resumes on the same question with every answer")
    func resumeMidIntake() throws {
        var driver = try walkIntroduction()
        for (field, answer) in Self.intake.prefix(12) {
            driver.answer(field, answer)
            driver.tap("next")
        }
        #expect(driver.screen == "bodyComp")
        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "bodyComp")
        #expect(driver.snapshot.answers["weight"] == 150)
        driver.back()
        #expect(driver.screen == "weight", "history survives the kill")
    }

    @Test("A kill after auth resumes on goal review when signed in, and restarts when the session is gone")
    func resumeAfterAuth() throws {
        var driver = try walkToGoalReview()
        try driver.relaunch(session: SessionState(isSignedIn: true))
        #expect(driver.screen == "goalReview")
        #expect(driver.engine.options(for: "goalChoice").count == 3)
        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "introHero")
        #expect(driver.snapshot.answers["name"] == "Alex", "answers are kept for the next sign-up")
    }

    @Test("A kill while a code is being verified shows the code screen again, empty: the code was never saved")
    func resumeWithPendingEffect() throws {
        var driver = try walkToAuth()
        driver.answer("email", "alex@example.com")
        driver.answer("agreedToTerms", true)
        driver.tap("continue")
        driver.answer("code", "123456")
        var engine = driver.engine
        let commands = engine.handle(.actionTapped("verify"), at: driver.now)
        #expect(
            commands.contains { if case .perform(let request) = $0 { request.name == "verifyCode" } else { false } })
        let saved = engine.snapshot
        let relaunched = FlowEngine.launch(flow: engine.flow, snapshot: saved, session: .signedOut)
        #expect(relaunched.landing == .resume(screen: "otp"))
        #expect(relaunched.engine.answer("code") == nil)
        #expect(relaunched.engine.answer("email") == "alex@example.com")
        #expect(relaunched.engine.enteringCommands().isEmpty, "nothing is sent without the code")
    }

    func walkIntroduction() throws -> FlowDriver {
        var driver = try FlowDriver(flow: "trainer")
        driver.tap("continue")
        driver.fireTimer("finished")
        driver.tap("getStarted")
        return driver
    }

    func walkToAuth() throws -> FlowDriver {
        var driver = try walkIntroduction()
        for (field, answer) in Self.intake {
            driver.answer(field, answer)
            driver.tap("next")
        }
        driver.tap("createProgram")
        #expect(driver.screen == "auth")
        return driver
    }

    func walkToGoalReview() throws -> FlowDriver {
        var driver = try walkToAuth()
        driver.answer("email", "alex@example.com")
        driver.answer("agreedToTerms", true)
        driver.tap("continue")
        driver.answer("code", "123456")
        driver.on(
            "trainer.goalOptions",
            succeedWith: [
                "trainer.goalOptions": [
                    ["id": "g1", "summary": "One"], ["id": "g2", "summary": "Two"], ["id": "g3", "summary": "Three"],
                ]
            ])
        driver.tap("verify")
        driver.fireTimer("prepare")
        #expect(driver.screen == "goalReview")
        return driver
    }
}

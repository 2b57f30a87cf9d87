import DoorstepFlow
import Foundation
import Testing

@Suite("Destiny flow")
struct DestinyFlowTests {
    @Test("First launch: a 2-second splash, then four slides, auth, birth data and home")
    func firstLaunch() throws {
        var driver = try launch(session: .signedOut)
        #expect(driver.screen == "splash")
        #expect(driver.scheduledTimers == ["launched": 2])
        driver.fireTimer("launched")
        #expect(driver.screen == "slide1")
        for slide in 2...4 {
            driver.tap("continue")
            #expect(driver.screen == "slide\(slide)")
        }
        #expect(driver.engine.visibleActions.map(\.id).contains("getStarted"))
        driver.tap("getStarted")
        #expect(driver.screen == "auth")
        driver.on("signInWithApple", succeedWith: ["session.active": true])
        driver.tap("apple")
        #expect(driver.screen == "birthData")
        #expect(driver.engine.answer("dateOfBirth") == "2026-09-21", "the date picker starts at today")
        #expect(driver.engine.answer("timeOfBirth") == "14:13", "the time picker starts at now")
        driver.tap("continue")
        #expect(driver.issue("cityOfBirth") == "Please enter your city of birth")
        driver.answer("dateOfBirth", "1996-04-20")
        driver.answer("timeOfBirth", "04:45")
        driver.answer("cityOfBirth", "Los Angeles")
        driver.tap("continue")
        #expect(driver.screen == "home")
        #expect(driver.performed.last?.arguments["fields"] == ["dateOfBirth", "timeOfBirth", "cityOfBirth", "gender"])
    }

    @Test("A birth date left at today is asked about once, then kept if the person continues")
    func untouchedBirthDate() throws {
        var driver = try birthDataWithApple()
        driver.answer("cityOfBirth", "Los Angeles")
        driver.tap("continue")
        #expect(driver.screen == "birthData")
        #expect(
            driver.issue("dateOfBirth")
                == "Is today your date of birth? Choose the day you were born, or continue to keep today.")
        driver.tap("continue")
        #expect(driver.screen == "home", "asked once: the second press keeps today")
    }

    @Test("A birth date the person changed is not asked about, even when changed back to today")
    func changedBirthDate() throws {
        var driver = try birthDataWithApple()
        let today = driver.engine.answer("dateOfBirth")
        driver.answer("dateOfBirth", "1996-04-20")
        driver.answer("dateOfBirth", today)
        driver.answer("cityOfBirth", "Los Angeles")
        driver.tap("continue")
        #expect(driver.screen == "home")
    }

    @Test("Skip on any slide goes straight to auth")
    func skipSlides() throws {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        driver.tap("skip")
        #expect(driver.screen == "auth")
        #expect(driver.snapshot.answers["seenOnboarding"] == true)
    }

    @Test(
        "A guest stays on the device: no account, no network; back home on the next launch, out on Sign Out to sign-in"
    )
    func guestThenReturning() throws {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        driver.tap("skip")
        driver.tap("guest")
        #expect(driver.screen == "birthData")
        #expect(driver.performed.isEmpty, "Continue as Guest asks no server")
        driver.answer("dateOfBirth", "1990-01-31")
        driver.answer("timeOfBirth", "23:59")
        driver.answer("cityOfBirth", "São Paulo")
        driver.answer("gender", "")
        driver.tap("continue")
        #expect(driver.screen == "home")
        #expect(driver.performed.isEmpty, "a guest's birth data stays on the device")
        #expect(!driver.engine.visibleBlocks.contains { $0.text?.hasPrefix("Signed in as") == true })

        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "splash")
        driver.fireTimer("launched")
        #expect(driver.screen == "home", "a returning guest skips onboarding and auth")
        #expect(driver.performed.isEmpty)

        driver.tap("signOut")
        #expect(driver.screen == "auth")
        #expect(driver.performed.isEmpty, "there is no session to end")
        #expect(driver.snapshot.answers["cityOfBirth"] == nil, "signing out forgets the guest's birth data")
        try driver.relaunch(session: .signedOut)
        driver.fireTimer("launched")
        #expect(driver.screen == "auth", "the slides were seen: the spec's signOut() keeps hasSeenOnboarding")
    }

    @Test("A signed-in account's birth data is saved on the server, and the server says when it was given")
    func signedInReturning() throws {
        var driver = try birthDataWithApple()
        driver.answer("dateOfBirth", "1990-01-31")
        driver.answer("timeOfBirth", "23:59")
        driver.answer("cityOfBirth", "São Paulo")
        driver.on("submitAnswers", succeedWith: ["flow.completed": true])
        driver.tap("continue")
        #expect(driver.screen == "home")
        #expect(driver.effectNames.last == "submitAnswers")

        try driver.relaunch(session: SessionState(isSignedIn: true))
        driver.on("checkAnswers", succeedWith: ["flow.completed": true])
        driver.fireTimer("launched")
        #expect(driver.screen == "home", "a returning user skips onboarding and auth")
        #expect(driver.effectNames.last == "checkAnswers", "the server, not a draft, says birth data was given")
    }

    @Test("Quitting half-way through birth data comes back to birth data, however much was typed")
    func quitHalfWay() throws {
        var driver = try relaunchedWithDraftCity()
        driver.on("checkAnswers", succeedWith: ["flow.completed": false])
        driver.fireTimer("launched")
        #expect(driver.screen == "birthData", "a typed city is a draft, not submitted birth data")
        #expect(driver.engine.answer("cityOfBirth") == "Lisbon", "the draft is still there")
    }

    @Test("Offline at launch, the last word the server gave decides; nothing is guessed from drafts")
    func offlineLaunch() throws {
        var driver = try relaunchedWithDraftCity()
        driver.on("checkAnswers", failWith: "offline")
        driver.fireTimer("launched")
        #expect(driver.screen == "birthData")
    }

    @Test("A returning user signing in on a new install lands home when the server holds their birth data")
    func newInstall() throws {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        #expect(driver.screen == "slide1", "a new install starts with the slides")
        driver.tap("skip")
        driver.on("signInWithGoogle", succeedWith: ["session.active": true, "flow.completed": true])
        driver.tap("google")
        #expect(driver.screen == "home")
        try driver.relaunch(session: SessionState(isSignedIn: true))
        driver.on("checkAnswers", succeedWith: ["flow.completed": true])
        driver.fireTimer("launched")
        #expect(driver.screen == "home")
    }

    @Test("A signed-in user without birth data resumes at birth data; a signed-out returning user at auth")
    func launchRouting() throws {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        driver.tap("skip")
        driver.on("signInWithGoogle", succeedWith: ["session.active": true])
        driver.tap("google")
        try driver.relaunch(session: SessionState(isSignedIn: true))
        driver.on("checkAnswers", succeedWith: ["flow.completed": false])
        driver.fireTimer("launched")
        #expect(driver.screen == "birthData")
        try driver.relaunch(session: .signedOut)
        driver.fireTimer("launched")
        #expect(driver.screen == "auth", "onboarding was already seen")
    }

    @Test("Email sign-in sends a code and a returning account with birth data goes home")
    func emailSignIn() throws {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        driver.tap("skip")
        driver.tap("email")
        driver.answer("email", "luna@example.com")
        driver.on("identify", succeedWith: ["account.exists": true])
        driver.tap("sendCode")
        #expect(driver.screen == "emailCode")
        #expect(driver.performed.last?.arguments["purpose"] == "login")
        driver.answer("code", "123456")
        driver.on("verifyCode", succeedWith: ["flow.completed": true])
        driver.tap("verify")
        #expect(driver.screen == "home")
    }

    @Test("Birth data refuses a future date, an impossible date, a bad time and a junk city")
    func birthDataRules() throws {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        driver.tap("skip")
        driver.tap("guest")
        driver.answer("dateOfBirth", "2031-01-01")
        driver.answer("timeOfBirth", "25:00")
        driver.answer("cityOfBirth", "12345")
        driver.tap("continue")
        #expect(driver.issue("dateOfBirth") == "Date of birth can't be in the future.")
        #expect(driver.issue("timeOfBirth") == "Please enter a time between 00:00 and 23:59.")
        #expect(driver.issue("cityOfBirth") == "Please enter a city name.")
        driver.answer("dateOfBirth", "1995-02-29")
        driver.tap("continue")
        #expect(driver.issue("dateOfBirth") == "Please enter a real date.")
        #expect(driver.screen == "birthData")
    }

    /// A signed-in person who typed a city on the birth-data screen, never submitted it, and opened the
    /// app again.
    func relaunchedWithDraftCity() throws -> FlowDriver {
        var driver = try birthDataWithApple()
        driver.answer("cityOfBirth", "Lisbon")
        try driver.relaunch(session: SessionState(isSignedIn: true))
        return driver
    }

    /// A new person past the slides, signed in with Apple, on the birth-data screen.
    func birthDataWithApple() throws -> FlowDriver {
        var driver = try launch(session: .signedOut)
        driver.fireTimer("launched")
        driver.tap("skip")
        driver.on("signInWithApple", succeedWith: ["session.active": true])
        driver.tap("apple")
        return driver
    }

    func launch(session: SessionState) throws -> FlowDriver {
        let flow = try Catalog.flow("destiny")
        let launch = FlowEngine.launch(flow: flow, snapshot: nil, session: session)
        return FlowDriver(launch.engine)
    }
}

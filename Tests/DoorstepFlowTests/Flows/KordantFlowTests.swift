import DoorstepFlow
import Foundation
import Testing

@Suite("Kordant flow")
struct KordantFlowTests {
    @Test("Sign up: name, email, password with strength and confirmation, terms; then Face ID and 4 steps")
    func signUp() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.tap("signUp")
        #expect(driver.screen == "signup")
        driver.answer("fullName", "Dana Reyes")
        driver.answer("email", "dana@example.com")
        driver.answer("password", "shield")
        #expect(PasswordStrength.evaluate("shield", rules: .kordant).level == .weak)
        driver.answer("password", "Shield-Up-2026!")
        #expect(PasswordStrength.evaluate("Shield-Up-2026!", rules: .kordant).level == .strong)
        driver.answer("confirmPassword", "Shield-Up-2026!")
        driver.tap("createAccount")
        #expect(driver.issue("acceptedTerms") == "Please accept the Terms of Service to continue.")
        driver.answer("acceptedTerms", true)
        driver.on("signUp", failWith: "email_taken")
        driver.tap("createAccount")
        #expect(driver.issue("email") == "An account with this email already exists. Sign in instead.")
        #expect(driver.engine.answer("password") == nil, "the password is typed again, never kept")
        driver.answer("password", "Shield-Up-2026!")
        driver.answer("confirmPassword", "Shield-Up-2026!")
        driver.on("signUp", succeedWith: [:])
        driver.tap("createAccount")
        #expect(driver.screen == "enableFaceID")
        driver.on("enableBiometrics", succeedWith: ["biometrics.enabled": true])
        driver.tap("enable")
        #expect(driver.screen == "plan")
        #expect(driver.engine.progress.track?.style == .dots)
        #expect(driver.engine.progress.segments.map(\.isCurrent) == [true, false, false, false])

        let plans = driver.engine.options(for: "plan")
        #expect(plans.map(\.displayTitle) == ["Basic", "Plus", "Premium"])
        #expect(plans[1].badge == "Recommended")
        driver.answer("plan", "plus")
        driver.tap("continue")
        driver.tap("continue")
        #expect(driver.issue("watchlist") == "Add an email address or phone number to watch.")
        driver.answer("watchlist", ["dana@example.com", "+1 415 555 0100"])
        driver.tap("continue")
        #expect(driver.screen == "invite")
        driver.answer("familyInvites", ["sam@example.com"])
        driver.on("createGroup", succeedWith: ["group.id": "f1", "group.inviteCode": "F4MX9K2P"])
        driver.tap("send")
        #expect(driver.performed.last?.arguments == ["groupId": "f1", "emails": ["sam@example.com"]])
        #expect(driver.screen == "done")
        driver.tap("getStarted")
        #expect(driver.screen == "home")
        #expect(driver.performed.last?.arguments == ["fields": ["plan", "watchlist"]])
    }

    @Test("Log in: a wrong password shows an error that does not say which part was wrong")
    func logIn() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.answer("email", "dana@example.com")
        driver.answer("loginPassword", "nope")
        driver.on("logIn", failWith: "invalid_credentials")
        driver.tap("signIn")
        #expect(driver.issue("loginPassword") == "Incorrect email or password.")
        driver.answer("loginPassword", "Correct-Horse-42")
        driver.on("logIn", succeedWith: ["flow.completed": true])
        driver.tap("signIn")
        #expect(driver.screen == "enableFaceID", "Face ID is offered after the first successful login")
        driver.tap("notNow")
        #expect(driver.screen == "home", "an onboarded account goes home")
    }

    @Test("Forgot password: email, then code and new password, then signed in")
    func forgotPassword() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.tap("forgotPassword")
        driver.answer("email", "dana@example.com")
        driver.tap("submit")
        #expect(driver.screen == "resetSent")
        #expect(driver.engine.visibleBlocks.compactMap(\.text).contains("Check your email for reset instructions"))
        driver.answer("resetCode", "654321")
        driver.answer("newPassword", "Fresh-Start-2026!")
        driver.on("resetPassword", failWith: "invalid_code")
        driver.tap("reset")
        #expect(driver.issue("resetCode") == "That code isn't right. Please try again.")
        driver.answer("resetCode", "654322")
        driver.answer("newPassword", "Fresh-Start-2026!")
        driver.on("resetPassword", succeedWith: ["flow.completed": false])
        driver.tap("reset")
        #expect(driver.screen == "enableFaceID")
    }

    @Test("Inviting family is optional: Skip goes to the last step without creating a family")
    func skipInvites() throws {
        var driver = try walkToInvites(plan: "basic")
        driver.tap("send")
        #expect(driver.issue("familyInvites") == "Add at least one email address, or tap Skip.")
        driver.tap("skip")
        #expect(driver.screen == "done")
        #expect(!driver.effectNames.contains("createGroup"))
    }

    @Test("After logout a launch lands on login; a signed-in, onboarded launch lands home")
    func launchRouting() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.answer("email", "dana@example.com")
        driver.answer("loginPassword", "Correct-Horse-42")
        driver.on("logIn", succeedWith: ["flow.completed": true])
        driver.tap("signIn")
        driver.tap("notNow")
        #expect(driver.screen == "home")
        try driver.relaunch(session: SessionState(isSignedIn: true))
        #expect(driver.screen == "home")
        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "login")
    }

    @Test("Sign-up sends the full name as the spec's name and the accepted terms as a consent")
    func signUpArguments() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.tap("signUp")
        driver.answer("fullName", "Dana Reyes")
        driver.answer("email", "dana@example.com")
        driver.answer("password", "Shield-Up-2026!")
        driver.answer("confirmPassword", "Shield-Up-2026!")
        driver.answer("acceptedTerms", true)
        driver.tap("createAccount")
        let signUp = try #require(driver.performed.first { $0.name == "signUp" })
        #expect(signUp.arguments["name"] == "Dana Reyes")
        #expect(signUp.consents.map { "\($0.document)@\($0.version)" } == ["terms@2026-05"])
        #expect(signUp.arguments["firstName"] == nil)
    }

    @Test("Remember me starts ticked and goes with the log-in")
    func rememberMe() throws {
        var driver = try FlowDriver(flow: "kordant")
        #expect(driver.engine.answer("rememberMe") == true)
        driver.answer("email", "dana@example.com")
        driver.answer("loginPassword", "Correct-Horse-42")
        driver.answer("rememberMe", false)
        driver.tap("signIn")
        #expect(driver.performed.last?.arguments["remember"] == false)
    }

    @Test("Going back from the last step and sending invites again creates no second family")
    func invitesTwice() throws {
        var driver = try walkToInvites(plan: "plus")
        driver.answer("familyInvites", ["sam@example.com"])
        driver.on("createGroup", succeedWith: ["group.id": "f1", "group.inviteCode": "F4MX9K2P"])
        driver.tap("send")
        #expect(driver.screen == "done")
        driver.back()
        #expect(driver.screen == "invite")
        driver.answer("familyInvites", ["sam@example.com", "lee@example.com"])
        driver.tap("send")
        #expect(driver.screen == "done")
        #expect(driver.effectNames.filter { $0 == "createGroup" }.count == 1, "one family")
        #expect(driver.effectNames.filter { $0 == "inviteMembers" }.count == 2)
        #expect(driver.performed.last?.arguments["groupId"] == "f1", "the invites go to the same family")
    }

    @Test("Log Out signs out and forgets every answer and result the flow kept, landing on login")
    func logOut() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.answer("email", "dana@example.com")
        driver.answer("loginPassword", "Correct-Horse-42")
        driver.on("logIn", succeedWith: ["flow.completed": true, "session.active": true])
        driver.tap("signIn")
        driver.tap("notNow")
        #expect(driver.screen == "home")
        driver.on("logOut", succeedWith: ["session.active": false])
        driver.tap("logOut")
        #expect(driver.effectNames.last == "logOut")
        #expect(driver.screen == "login")
        #expect(driver.snapshot.answers == ["rememberMe": true], "the form starts as new")
        #expect(driver.snapshot.results.isEmpty && driver.snapshot.history.isEmpty)
    }

    /// A person who logged in, chose `plan` and added a watchlist item: on the invite step.
    func walkToInvites(plan: String) throws -> FlowDriver {
        var driver = try FlowDriver(flow: "kordant")
        driver.answer("email", "dana@example.com")
        driver.answer("loginPassword", "Correct-Horse-42")
        driver.tap("signIn")
        driver.tap("notNow")
        driver.answer("plan", .string(plan))
        driver.tap("continue")
        driver.answer("watchlist", ["dana@example.com"])
        driver.tap("continue")
        #expect(driver.screen == "invite")
        return driver
    }
}

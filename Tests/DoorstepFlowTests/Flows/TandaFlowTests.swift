import DoorstepFlow
import Foundation
import Testing

@Suite("TANDA flow")
struct TandaFlowTests {
    @Test("A new account goes carousel → email → code → celebration → four steps → home")
    func newAccount() throws {
        var driver = try FlowDriver(flow: "tanda")
        #expect(driver.screen == "slide1")
        driver.tap("next")
        #expect(driver.screen == "slide2")
        driver.tap("getStarted")
        #expect(driver.screen == "createAccount")
        #expect(!driver.isEnabled("continue"), "Continue is disabled until the email is valid")
        driver.answer("email", "sam@example")
        #expect(!driver.isEnabled("continue"))
        driver.answer("email", "sam@example.com")
        #expect(driver.isEnabled("continue"))
        driver.on("identify", succeedWith: ["account.exists": false])
        driver.tap("continue")
        #expect(driver.screen == "verifyEmail")
        #expect(driver.effectNames == ["identify", "sendCode"])
        #expect(driver.performed.last?.arguments == ["email": "sam@example.com", "purpose": "signup"])

        #expect(!driver.isEnabled("verify"), "Verify is disabled until six digits are entered")
        driver.answer("code", "12345")
        #expect(!driver.isEnabled("verify"))
        driver.answer("code", "123456")
        driver.tap("verify")
        #expect(driver.screen == "celebration")
        #expect(driver.performed.last?.arguments["code"] == "123456")

        driver.tap("continue")
        #expect(driver.screen == "createPassword")
        #expect(driver.engine.progress.segments.map(\.fill) == [1, 0, 0, 0])
        driver.answer("password", "Sunny-Days-2026")
        driver.answer("confirmPassword", "Sunny-Days-2025")
        driver.tap("continue")
        #expect(driver.issue("confirmPassword") == "Passwords don't match.")
        #expect(driver.screen == "createPassword")
        driver.answer("confirmPassword", "Sunny-Days-2026")
        driver.on("checkPasskeys", succeedWith: ["passkey.available": true])
        driver.tap("continue")
        #expect(driver.screen == "addPasskey", "a passkey is offered once the password is set")
        #expect(driver.engine.progress.segments.map(\.fill) == [1, 0, 0, 0], "still the password step")
        driver.on("addPasskey", failWith: "cancelled")
        driver.tap("addPasskey")
        #expect(driver.screen == "addPasskey" && driver.message == nil, "a cancelled passkey sheet is not an error")
        driver.tap("notNow")
        #expect(driver.screen == "name")
        #expect(driver.engine.progress.segments.map(\.fill) == [1, 1, 0, 0])

        driver.answer("firstName", "Sam")
        driver.answer("lastName", "Jones")
        driver.tap("continue")
        #expect(driver.screen == "legal")
        driver.answer("acceptedTerms", true)
        driver.tap("continue")
        #expect(driver.issue("acceptedPrivacy") == "Please accept the Privacy Policy.")
        driver.answer("acceptedPrivacy", true)
        driver.tap("continue")
        #expect(driver.screen == "photo")
        #expect(driver.engine.progress.segments.map(\.fill) == [1, 1, 1, 1])

        driver.on("pickImage", succeedWith: ["photo": "file:///photo.jpg"])
        driver.tap("addPhoto")
        #expect(driver.screen == "home")
        #expect(driver.snapshot.completed)
        #expect(driver.completions == 1)
        #expect(
            driver.effectNames.suffix(8) == [
                "setPassword", "checkPasskeys", "addPasskey", "saveProfile", "acceptConsents", "pickImage",
                "uploadAvatar", "submitAnswers",
            ])
        #expect(driver.performed.dropLast().last?.arguments == ["image": "file:///photo.jpg"])
        // The finished setup is kept on the server, so a later sign-in anywhere goes home.
        #expect(
            driver.performed.last?.arguments
                == ["fields": ["firstName", "lastName", "acceptedTerms", "acceptedPrivacy"]])
    }

    @Test("An existing account goes to password login; a wrong password shows its error, then succeeds")
    func existingAccountWithWrongPasswordFirst() throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", "ana@example.com")
        driver.on("identify", succeedWith: ["account.exists": true])
        driver.tap("continue")
        #expect(driver.screen == "passwordLogin")
        #expect(!driver.effectNames.contains("sendCode"), "no code is sent to an existing account")
        #expect(driver.engine.render("{email}") == "ana@example.com")

        driver.answer("loginPassword", "wrong")
        driver.on("logIn", failWith: "invalid_credentials")
        driver.tap("signIn")
        #expect(driver.screen == "passwordLogin")
        #expect(driver.issue("loginPassword") == "Incorrect password. Please try again.")
        #expect(driver.snapshot.answers["email"] == "ana@example.com", "nothing typed is lost")

        driver.answer("loginPassword", "Correct-Horse-42")
        #expect(driver.issue("loginPassword") == nil, "editing the field clears its error")
        var unfinished = driver
        driver.on("logIn", succeedWith: ["flow.completed": true])
        driver.tap("signIn")
        #expect(driver.screen == "home")

        // An account whose setup was never finished is taken back to it, from the name on: it has a password.
        unfinished.on("logIn", succeedWith: ["flow.completed": false])
        unfinished.tap("signIn")
        #expect(unfinished.screen == "name")
        #expect(!unfinished.snapshot.completed)
    }

    @Test("Sign in asks for the email first, then the password")
    func signInLink() throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.tap("signIn")
        #expect(driver.screen == "signInEmail")
        driver.answer("email", "ana@example.com")
        driver.on("identify", succeedWith: ["account.exists": true, "account.hasPassword": true])
        driver.tap("continue")
        #expect(driver.screen == "passwordLogin")
        driver.tap("back")
        #expect(driver.screen == "signInEmail")
    }

    @Test("An account without a password is mailed a sign-in code instead of being asked for one")
    func accountWithoutPassword() throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", "ana@example.com")
        driver.on("identify", succeedWith: ["account.exists": true, "account.hasPassword": false])
        driver.tap("continue")
        #expect(driver.screen == "signInCode")
        #expect(driver.performed.last?.arguments == ["email": "ana@example.com", "purpose": "login"])
        driver.answer("loginCode", "123456")
        var unfinished = driver
        driver.on("verifyCode", succeedWith: ["flow.completed": true])
        driver.tap("signIn")
        #expect(driver.screen == "home")
        #expect(driver.performed.last?.arguments["purpose"] == "login")

        // Without a password, an unfinished setup starts again at "Create a Password".
        unfinished.on("verifyCode", succeedWith: ["flow.completed": false])
        unfinished.tap("signIn")
        #expect(unfinished.screen == "createPassword")
    }

    @Test("Resend waits 60 seconds, then sends a new code and clears the boxes")
    func resendCountdown() throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", "sam@example.com")
        driver.tap("continue")
        driver.answer("code", "111111")
        #expect(!driver.isEnabled("resend"))
        driver.tap("resend")
        #expect(driver.effectNames.filter { $0 == "sendCode" }.count == 1)
        #expect(driver.message == "Please wait 60 seconds before trying again.")
        driver.wait(59.5)
        #expect(!driver.isEnabled("resend"))
        driver.wait(0.5)
        #expect(driver.isEnabled("resend"))
        driver.tap("resend")
        #expect(driver.effectNames.filter { $0 == "sendCode" }.count == 2)
        #expect(driver.snapshot.answers["code"] == nil)
        #expect(driver.screen == "verifyEmail")
    }

    @Test("A wrong or expired code says so next to the boxes and keeps the person on the screen")
    func wrongCode() throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", "sam@example.com")
        driver.tap("continue")
        driver.answer("code", "000000")
        driver.on("verifyCode", failWith: "invalid_code")
        driver.tap("verify")
        #expect(driver.issue("code") == "That code isn't right. Please try again.")
        #expect(driver.engine.answer("code") == nil, "the boxes empty for the next try")
        driver.answer("code", "111111")
        driver.on("verifyCode", failWith: "code_expired")
        driver.tap("verify")
        #expect(driver.issue("code") == "This code has expired. Tap Resend to get a new one.")
        #expect(driver.screen == "verifyEmail")
    }

    /// A walk of a returning person to the reset code's screen.
    static func atResetCode() throws -> FlowDriver {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", "ana@example.com")
        driver.on("identify", succeedWith: ["account.exists": true])
        driver.tap("continue")
        driver.tap("forgotPassword")
        return driver
    }

    @Test("Forgot password: the reset code alone first, then the new password, then home")
    func forgotPassword() throws {
        var driver = try Self.atResetCode()
        #expect(driver.screen == "resetPassword")
        #expect(driver.performed.last?.name == "forgotPassword")
        driver.answer("resetCode", "654321")
        driver.on("verifyCode", failWith: "invalid_code")
        driver.tap("verify")
        #expect(driver.issue("resetCode") == "That code isn't right. Please try again.")
        driver.answer("resetCode", "654322")
        driver.on("verifyCode", succeedWith: ["flow.completed": true])
        driver.tap("verify")
        #expect(driver.performed.last?.arguments["purpose"] == "passwordReset")
        #expect(driver.screen == "newPassword")
        driver.answer("newPassword", "New-Password-42")
        driver.tap("save")
        #expect(driver.screen == "home")
        #expect(driver.performed.last?.arguments["newPassword"] == "New-Password-42")
    }

    @Test("A reset for someone who never finished setting up goes on to the name step")
    func forgotPasswordUnfinished() throws {
        var driver = try Self.atResetCode()
        driver.answer("resetCode", "654321")
        driver.on("verifyCode", succeedWith: ["flow.completed": false])
        driver.tap("verify")
        driver.answer("newPassword", "New-Password-42")
        driver.on("setPassword", failWith: "weak_password")
        driver.tap("save")
        #expect(driver.issue("newPassword") == "That password is too common. Please choose another.")
        driver.answer("newPassword", "New-Password-43")
        driver.on("setPassword", succeedWith: [:])
        driver.tap("save")
        #expect(driver.screen == "name")
    }

    @Test("Apple sign-in: a new account goes to the celebration, a finished one home, an unfinished one to setup")
    func signInWithApple() throws {
        var newcomer = try FlowDriver(flow: "tanda")
        newcomer.tap("getStarted")
        newcomer.on("signInWithApple", succeedWith: ["session.isNewUser": true])
        newcomer.tap("apple")
        #expect(newcomer.screen == "celebration")

        var returning = try FlowDriver(flow: "tanda")
        returning.tap("getStarted")
        returning.on("signInWithApple", succeedWith: ["session.isNewUser": false, "flow.completed": true])
        returning.tap("apple")
        #expect(returning.screen == "home")

        var unfinished = try FlowDriver(flow: "tanda")
        unfinished.tap("getStarted")
        unfinished.on("signInWithApple", succeedWith: ["session.isNewUser": false, "flow.completed": false])
        unfinished.tap("apple")
        #expect(unfinished.screen == "createPassword", "an account made with Apple has no password yet")

        var cancelled = try FlowDriver(flow: "tanda")
        cancelled.tap("getStarted")
        cancelled.on("signInWithApple", failWith: "cancelled")
        cancelled.tap("apple")
        #expect(cancelled.screen == "createAccount")
        #expect(cancelled.message == nil, "cancelling the Apple sheet is not an error")
    }

    @Test("Skipping the photo completes onboarding without uploading anything")
    func skipPhoto() throws {
        var driver = try walkToPhoto()
        driver.tap("skip")
        #expect(driver.screen == "home")
        #expect(!driver.effectNames.contains("uploadAvatar"))
    }

    @Test("Back from the verification's celebration steps is not possible; back within the steps is")
    func backNavigation() throws {
        var driver = try walkToPhoto()
        driver.back()
        #expect(driver.screen == "legal")
        #expect(driver.snapshot.answers["acceptedTerms"] == true, "going back keeps answers")
        driver.back()
        driver.back()
        driver.back()
        driver.back()
        #expect(driver.screen == "celebration")
        driver.back()
        #expect(driver.screen == "celebration", "the code screen is behind the celebration for good")
    }

    private func walkToPhoto() throws -> FlowDriver {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", "sam@example.com")
        driver.tap("continue")
        driver.answer("code", "123456")
        driver.tap("verify")
        driver.tap("continue")
        driver.answer("password", "Sunny-Days-2026")
        driver.answer("confirmPassword", "Sunny-Days-2026")
        driver.tap("continue")
        driver.tap("notNow")
        driver.answer("firstName", "Sam")
        driver.answer("lastName", "Jones")
        driver.tap("continue")
        driver.answer("acceptedTerms", true)
        driver.answer("acceptedPrivacy", true)
        driver.tap("continue")
        #expect(driver.screen == "photo")
        return driver
    }
}

import DoorstepFlow
import Foundation
import Testing

@Suite("Kordant: every way in is treated alike")
struct KordantGapsTests {
    @Test(
        "Remember me goes with Apple, Google and passkey sign-ins as with the password",
        arguments: [
            "apple", "google", "passkey",
        ])
    func rememberMeForEveryMethod(_ action: String) throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.answer("rememberMe", false)
        driver.tap(action)
        #expect(driver.performed.last?.arguments["remember"] == false)
    }

    @Test(
        "A new account made with Apple or Google accepts the terms before anything else",
        arguments: [
            "apple", "google",
        ])
    func termsForProviderSignUps(_ action: String) throws {
        var driver = try FlowDriver(flow: "kordant")
        let effect = action == "apple" ? "signInWithApple" : "signInWithGoogle"
        driver.on(effect, succeedWith: ["session.active": true, "session.isNewUser": true, "flow.completed": false])
        driver.tap(action)
        #expect(driver.screen == "acceptTerms")
        driver.tap("continue")
        #expect(driver.issue("acceptedTerms") == "Please accept the Terms of Service to continue.")
        driver.answer("acceptedTerms", true)
        driver.tap("continue")
        #expect(driver.effectNames.last == "acceptConsents")
        #expect(driver.performed.last?.arguments["consents"] == [["document": "terms", "version": "2026-05"]])
        #expect(driver.screen == "enableFaceID")
    }

    @Test("A returning Apple account goes on as before, without the terms screen")
    func returningProviderAccount() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.on(
            "signInWithApple",
            succeedWith: ["session.active": true, "session.isNewUser": false, "flow.completed": true])
        driver.tap("apple")
        #expect(driver.screen == "enableFaceID")
    }

    @Test("The passkey screen offers a password instead, which is set and leads on to the plans")
    func passwordInsteadOfPasskey() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.tap("signUp")
        driver.answer("fullName", "Ludwig van Beethoven")
        driver.answer("email", "ludwig@example.com")
        driver.answer("acceptedTerms", true)
        driver.tap("passkeySignUp")
        driver.answer("signupCode", "246810")
        driver.tap("verify")
        #expect(driver.screen == "createPasskey")
        #expect(driver.engine.visibleActions.map(\.title).contains("Use a password instead"))
        driver.tap("usePassword")
        #expect(driver.screen == "choosePassword")
        driver.answer("password", "Moonlight-Sonata-14")
        driver.answer("confirmPassword", "Moonlight-Sonata-14")
        driver.tap("continue")
        #expect(driver.effectNames.last == "setPassword")
        #expect(driver.performed.last?.arguments["newPassword"] == "Moonlight-Sonata-14")
        #expect(driver.screen == "plan")
    }

    @Test("The plans are the spec's three, with feature lists; paid ones sell a product and take the store's price")
    func plansSellProducts() throws {
        let flow = try Catalog.flow("kordant")
        let plan = try #require(flow.field("plan"))
        #expect(plan.options?.map(\.title) == ["Basic", "Plus", "Premium"])
        #expect(plan.options?.map(\.productId) == [nil, "com.kordant.plus.monthly", "com.kordant.premium.monthly"])
        #expect(plan.options?.allSatisfy { $0.price == nil && $0.features?.count == 3 } == true)
        let paywall = try #require(flow.screen("plan")?.blocks.first { $0.kind == .paywall })
        #expect(paywall.paywall?.recommended == "plus")
    }

    /// A returning Apple account signed in on a phone, Face ID declined: on the plan step.
    static func returningWithApple() throws -> FlowDriver {
        var driver = try FlowDriver(flow: "kordant")
        driver.on("signInWithApple", succeedWith: ["session.active": true, "session.isNewUser": false])
        driver.tap("apple")
        driver.tap("notNow")
        return driver
    }

    @Test("An invitee enters the mailed code instead of choosing a plan, joins the family and goes on")
    func inviteeJoinsWithTheMailedCode() throws {
        var driver = try Self.returningWithApple()
        #expect(driver.screen == "plan")
        driver.tap("joinFamily")
        #expect(driver.screen == "joinFamily")
        driver.answer("familyCode", "OOPS")
        driver.tap("join")
        #expect(driver.issue("familyCode") == "Invite codes have 8 letters and numbers, like F4MX9K2P.")
        #expect(driver.effectNames.last != "joinGroup", "a code of the wrong form never reaches the server")
        driver.answer("familyCode", "ZZZZZZZZ")
        driver.on("joinGroup", failWith: "invalid_invite_code")
        driver.tap("join")
        #expect(
            driver.issue("familyCode")
                == "That code doesn't match any family. Check your invitation email and try again.")
        driver.answer("familyCode", "f4mx9k2p")
        driver.on("joinGroup", succeedWith: ["group.id": "family-1", "group.name": "The Reyes Family"])
        driver.tap("join")
        #expect(driver.performed.last?.arguments["inviteCode"] == "f4mx9k2p")
        #expect(driver.screen == "watchlist")
        driver.answer("watchlist", ["sam@example.com"])
        driver.tap("continue")
        driver.answer("familyInvites", ["lee@example.com"])
        driver.tap("send")
        #expect(driver.effectNames.suffix(1) == ["inviteMembers"], "the family joined is the one invited to")
        #expect(driver.performed.last?.arguments["groupId"] == "family-1")
        #expect(driver.screen == "done")
    }

    @Test("Inviting only your own address keeps the invite step, saying why; only members moves on")
    func invitingYourself() throws {
        var driver = try Self.returningWithApple()
        driver.answer("plan", "plus")
        driver.tap("continue")
        driver.answer("watchlist", ["sam@example.com"])
        driver.tap("continue")
        driver.answer("familyInvites", ["dana@example.com"])
        driver.on("inviteMembers", failWith: "own_address")
        driver.tap("send")
        #expect(driver.screen == "invite")
        #expect(driver.issue("familyInvites") == "That's your own address. Add someone else's, or tap Skip.")
        driver.on("inviteMembers", failWith: "already_member")
        driver.tap("send")
        #expect(driver.screen == "done")
        #expect(driver.engine.snapshot.message == "They're already in your family.")
    }

    @Test("Add checks each entry as it is added: a wrong or repeated one stays out, in the box, with why")
    func addChecksEachEntry() throws {
        var driver = try Self.returningWithApple()
        driver.answer("plan", "plus")
        driver.tap("continue")
        #expect(driver.screen == "watchlist")
        driver.add("not-an-email", to: "watchlist")
        #expect(driver.engine.answer("watchlist") == nil, "a wrong entry stays out of the list")
        #expect(driver.issue("watchlist") == "Enter an email address or a phone number, like +1 415 555 0100.")
        #expect(driver.engine.value(ListBuilder.entryKey("watchlist")) == "not-an-email", "kept for the box")
        driver.add("sam@example.com", to: "watchlist")
        #expect(driver.engine.answer("watchlist") == ["sam@example.com"])
        #expect(driver.issue("watchlist") == nil)
        #expect(driver.engine.value(ListBuilder.entryKey("watchlist")) == nil)
        driver.add("SAM@example.com", to: "watchlist")
        #expect(driver.engine.answer("watchlist") == ["sam@example.com"])
        #expect(driver.issue("watchlist") == "That item is already on the list.")
    }

    @Test("Joining a family one is already in moves on, saying so; home joins and invites, and comes back")
    func joiningAgainAndFromHome() throws {
        var driver = try Self.returningWithApple()
        driver.tap("joinFamily")
        driver.answer("familyCode", "F4MX9K2P")
        driver.on("joinGroup", failWith: "already_member")
        driver.tap("join")
        #expect(driver.screen == "watchlist", "not trapped on the plan step")
        #expect(driver.message == "You're already in this family.")
        driver.answer("watchlist", ["sam@example.com"])
        driver.tap("continue")
        driver.tap("skip")
        driver.tap("getStarted")
        #expect(driver.screen == "home")
        #expect(!driver.engine.visibleActions.map(\.id).contains("inviteFamily"), "no family known to invite to")
        driver.tap("joinFamily")
        #expect(driver.screen == "joinFamily")
        driver.on("joinGroup", succeedWith: ["group.id": "family-1", "group.name": "The Reyes Family"])
        driver.tap("join")
        #expect(driver.screen == "home")
        #expect(driver.engine.visibleActions.map(\.id).contains("inviteFamily"))
        driver.tap("inviteFamily")
        driver.answer("familyInvites", ["lee@example.com"])
        driver.tap("send")
        #expect(driver.performed.last?.arguments["groupId"] == "family-1")
        #expect(driver.screen == "home")
    }
}

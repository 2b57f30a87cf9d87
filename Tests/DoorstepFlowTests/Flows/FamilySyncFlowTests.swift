import DoorstepFlow
import Foundation
import Testing

@Suite("FamilySync flow")
struct FamilySyncFlowTests {
    @Test("Get Started appears only on the last slide; each slide has its own Aurora background")
    func carousel() throws {
        var driver = try FlowDriver(flow: "familysync")
        let backgrounds = ["calmSync", "freshAction", "warmDreams"]
        for (offset, background) in backgrounds.enumerated() {
            #expect(driver.engine.screen.background == background)
            #expect(driver.engine.visibleActions.contains { $0.id == "getStarted" } == (offset == 2))
            #expect(driver.engine.progress.segments.map(\.isCurrent) == (0..<3).map { $0 == offset })
            driver.tap("next")
        }
        #expect(driver.screen == "slide3")
        driver.tap("getStarted")
        #expect(driver.screen == "syncChoice")
    }

    @Test("Sign in with Apple records the choice, and creating a household lands in the app with it")
    func createHousehold() throws {
        var driver = try walkToSyncChoice()
        driver.on("signInWithApple", succeedWith: ["session.active": true, "session.isNewUser": true])
        driver.tap("apple")
        #expect(driver.screen == "householdSetup")
        #expect(driver.snapshot.answers["syncMethod"] == "apple")
        #expect(driver.effectNames == ["signInWithApple"], "an account under the person's Apple ID, not a guest")
        #expect(!driver.isEnabled("create"), "Create Household is disabled while the name is empty")
        driver.answer("householdName", "Smith Family")
        driver.on(
            "createGroup",
            succeedWith: ["group.id": "h1", "group.name": "Smith Family", "group.inviteCode": "K7M2QX9P"])
        driver.tap("create")
        #expect(driver.screen == "mainApp")
        #expect(driver.performed.last?.arguments == ["name": "Smith Family", "kind": "household"])
        #expect(driver.snapshot.answers["householdStatus"] == "active")
        let texts = driver.engine.visibleBlocks.compactMap(\.text).map(driver.engine.render)
        #expect(texts == ["Smith Family", "Invite code: K7M2QX9P"])
        #expect(driver.engine.visibleActions.isEmpty)
    }

    @Test("Join with a code made by someone else: a wrong code first, then the right one")
    func joinByCode() throws {
        var driver = try walkToSyncChoice()
        driver.tap("guest")
        #expect(driver.snapshot.answers["syncMethod"] == "local")
        driver.tap("join")
        #expect(driver.screen == "joinHousehold")
        driver.answer("inviteCode", "OOPS")
        driver.tap("join")
        #expect(driver.issue("inviteCode") == "Invite codes have 8 letters and numbers, like K7M2QX9P.")
        #expect(!driver.effectNames.contains("joinGroup"), "a malformed code never reaches the server")
        driver.answer("inviteCode", "k7m2-qx9p")
        driver.on("joinGroup", failWith: "invalid_invite_code")
        driver.tap("join")
        #expect(driver.issue("inviteCode") == "That code doesn't match any household. Check it and try again.")
        #expect(driver.snapshot.answers["householdStatus"] == nil, "a failed join changes nothing")
        driver.on("joinGroup", succeedWith: ["group.id": "h1", "group.name": "Smith Family"])
        driver.tap("join")
        #expect(driver.screen == "mainApp")
        #expect(driver.snapshot.answers["householdStatus"] == "active")
    }

    @Test("Skip lands in the app with the guided empty state, which leads back to create or join")
    func skipToGuidedEmptyState() throws {
        var driver = try walkToSyncChoice()
        driver.tap("guest")
        driver.tap("skip")
        #expect(driver.screen == "mainApp")
        #expect(driver.snapshot.completed)
        let texts = driver.engine.visibleBlocks.compactMap(\.text)
        #expect(
            texts == [
                "No Household Active",
                "To share shopping lists and tasks, you need to create or join a household.",
            ])
        #expect(driver.engine.visibleActions.map(\.title) == ["Create Household", "Join Existing"])
        driver.tap("join")
        #expect(driver.screen == "joinHousehold")
    }

    @Test("A force-quit during household setup relaunches straight into household setup")
    func resumeAtHouseholdSetup() throws {
        var driver = try walkToSyncChoice()
        driver.tap("guest")
        driver.answer("householdName", "Smi")
        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "householdSetup", "a guest on this device only has no session, and resumes")
        #expect(driver.snapshot.answers["householdName"] == "Smi")
    }

    @Test("A relaunch after onboarding lands in the app, not the carousel")
    func relaunchAfterCompletion() throws {
        var driver = try walkToSyncChoice()
        driver.tap("guest")
        driver.tap("skip")
        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "mainApp")
    }

    @Test("Continue as Guest keeps everything on the device: no account until a household needs one")
    func guestStaysLocal() throws {
        var driver = try walkToSyncChoice()
        let cards = driver.engine.visibleBlocks.filter { $0.kind == .card }
        #expect(cards.map(\.label) == ["Sign in with Apple", "Continue as Guest"])
        #expect(
            cards.first?.text
                == "Your lists are kept on FamilySync's servers under your Apple ID, the same on every device you sign in on. No new passwords required."
        )
        #expect(cards.last?.text == "Data is saved only on this device.")
        driver.tap("guest")
        #expect(driver.screen == "householdSetup")
        #expect(driver.effectNames.isEmpty, "choosing guest needs no network")
        #expect(
            driver.engine.visibleBlocks.compactMap(\.text).contains {
                $0.hasPrefix("Your lists stay on this device. Creating a household keeps its shared lists")
            })
        driver.tap("skip")
        #expect(driver.screen == "mainApp")
        #expect(driver.effectNames.isEmpty, "skipping works offline")
        driver.tap("create")
        driver.answer("householdName", "Smith Family")
        driver.tap("create")
        #expect(driver.effectNames == ["continueAsGuest", "createGroup"], "the household is what needs an account")
    }

    @Test("A household whose guest session has ended is met on launch with a way back, not the carousel")
    func householdOfAnEndedGuest() throws {
        var driver = try walkToSyncChoice()
        driver.tap("guest")
        driver.answer("householdName", "Smith Family")
        driver.on("createGroup", succeedWith: ["group.id": "h1", "group.name": "Smith Family"])
        driver.tap("create")
        #expect(driver.screen == "mainApp")
        try driver.relaunch(session: SessionState(isSignedIn: true, isGuest: true))
        #expect(driver.screen == "mainApp", "while the guest session lasts, the app opens as usual")

        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "householdEnded")
        #expect(
            driver.engine.visibleBlocks.compactMap(\.text).map(driver.engine.render).contains {
                $0.contains("can no longer reach Smith Family")
            })
        #expect(
            driver.engine.visibleActions.map(\.title) == [
                "Join Household", "Create Household", "Continue without a household",
            ])
        driver.tap("join")
        #expect(driver.screen == "joinHousehold")
        driver.back()
        driver.tap("skip")
        #expect(driver.screen == "mainApp")
        #expect(driver.snapshot.answers["householdStatus"] == "none")
        try driver.relaunch(session: .signedOut)
        #expect(driver.screen == "mainApp", "no household to reach: the app opens with its empty state")
    }

    func walkToSyncChoice() throws -> FlowDriver {
        var driver = try FlowDriver(flow: "familysync")
        driver.tap("next")
        driver.tap("next")
        driver.tap("getStarted")
        #expect(driver.screen == "syncChoice")
        return driver
    }
}

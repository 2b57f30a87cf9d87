import DoorstepClient
import DoorstepFlow
import Foundation
import Testing

@Suite("Reference flows end to end against a live server")
struct EndToEndTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    /// Runs a walk against fresh servers; then searches every byte at rest — SQLite's files, the
    /// servers' logs and every snapshot the devices saved — for the walk's passwords and codes, and for
    /// the App Attest challenges each instance issued.
    func withServer(
        _ deployment: Deployment, typesSecrets: Bool = true, _ body: (Walk) async throws -> Void
    ) async throws {
        let passkeys = [
            "--passkey-rp-id", "example.com", "--passkey-origin", "https://auth.example.com",
            "--apple-app-id", "ABCDE12345.dev.doorstep.e2e",
        ]
        try await deployment.run(doorstep, arguments: ["--rate-limits", "off"] + passkeys) { servers in
            var bases: [URL] = []
            for server in servers { bases.append(try await server.waitUntilListening()) }
            let walk = Walk(servers: bases)
            try await body(walk)
            let challenges = SecretLedger()
            for base in bases { _ = challenges.note(try await attestationChallenge(at: base)) }
            for server in servers { server.terminate() }
            for server in servers {
                #expect(try await server.waitForLog(containing: "/v1/"), "every instance answered requests of the walk")
            }
            #expect(walk.secrets.all.isEmpty != typesSecrets, "the walk typed or read a secret")
            var places = await walk.savedSnapshots()
            for server in servers {
                places.append(("a server's log", Data(server.log.utf8)))
                for suffix in ["", "-wal", "-shm", "-journal"] {
                    let path = server.database + suffix
                    if let bytes = FileManager.default.contents(atPath: path) { places.append((path, bytes)) }
                }
            }
            #expect(walk.secrets.leaks(in: places) == [], "no password or code is ever at rest")
            #expect(challenges.leaks(in: places) == [], "App Attest challenges are kept only as hashes")
        }
    }

    @Test(
        "TANDA: a new account verifies its email and finishes the four steps; an existing one logs in",
        arguments: Deployment.allCases)
    func tanda(_ deployment: Deployment) async throws {
        try await withServer(deployment) { walk in
            let phone = walk.install()
            let app = try await phone.launch("tanda")
            try await app.tap("getStarted")
            try await app.answer("email", "sam@example.com")
            try await app.tap("continue")
            #expect(await app.screen == "verifyEmail")
            try await app.answer("code", try await walk.code(to: "sam@example.com"))
            try await app.tap("verify")
            #expect(await app.screen == "celebration")
            try await app.tap("continue")
            let password = walk.password("Sunny-Days-2026")
            try await app.answer("password", .string(password))
            try await app.answer("confirmPassword", .string(password))
            try await app.tap("continue")
            #expect(await app.screen == "addPasskey")
            try await app.tap("addPasskey")
            #expect(await app.screen == "name")
            try await app.answer("firstName", "Sam")
            try await app.answer("lastName", "Jones")
            try await app.tap("continue")
            try await app.answer("acceptedTerms", true)
            try await app.answer("acceptedPrivacy", true)
            try await app.tap("continue")
            #expect(await app.screen == "photo")
            try await app.tap("addPhoto")
            #expect(await app.screen == "home")

            let me = try await phone.client.me()
            #expect(me.emailVerified && me.hasPassword)
            #expect(me.firstName == "Sam" && me.lastName == "Jones")
            #expect(me.avatarUrl?.hasPrefix("/v1/avatars/") == true)
            let consents = try await phone.client.consents()
            #expect(Set(consents.map { "\($0.document)@\($0.version)" }) == ["terms@2026-02", "privacy@2026-02"])
            #expect(try await phone.client.passkeys().count == 1)

            // The passkey syncs to a new device, which signs in with it alone: no email, no password.
            let synced = walk.install(device: phone.device)
            let returning = try await synced.launch("tanda")
            try await returning.tap("getStarted")
            try await returning.tap("passkey")
            #expect(await returning.screen == "home")
            #expect(try await synced.client.me().id == me.id)

            let tablet = walk.install()
            let second = try await tablet.launch("tanda")
            try await second.tap("getStarted")
            try await second.answer("email", "sam@example.com")
            try await second.tap("continue")
            #expect(await second.screen == "passwordLogin")
            try await second.answer("loginPassword", .string(walk.password("Wrong-Password-1")))
            try await second.tap("signIn")
            #expect(await second.engine.issue(for: "loginPassword")?.message == "Incorrect password. Please try again.")
            try await second.answer("loginPassword", .string(password))
            try await second.tap("signIn")
            #expect(await second.screen == "home")
        }
    }

    @Test(
        "FamilySync: one person creates a household, another joins with its code, a third skips",
        arguments: Deployment.allCases)
    func familySync(_ deployment: Deployment) async throws {
        try await withServer(deployment, typesSecrets: false) { walk in
            let owner = walk.install()
            var app = try await owner.launch("familysync")
            try await app.tap("next")
            try await app.tap("next")
            try await app.tap("getStarted")
            try await app.tap("guest")
            #expect(await app.screen == "householdSetup")
            try await app.answer("householdName", "Smi")
            app = try await owner.launch("familysync")
            #expect(await app.screen == "householdSetup", "a force-quit relaunches into household setup")
            #expect(await app.engine.snapshot.answers["householdName"] == "Smi")
            #expect(try await owner.tokens.load() == nil, "no account until a household needs one")
            try await app.answer("householdName", "Smith Family")
            try await app.tap("create")
            #expect(await app.screen == "mainApp")
            #expect(try await owner.tokens.load()?.isGuest == true)
            let code = try #require(await app.engine.value("group.inviteCode")?.stringValue)

            let partner = walk.install()
            let joining = try await partner.launch("familysync")
            try await joining.tap("next")
            try await joining.tap("next")
            try await joining.tap("getStarted")
            try await joining.tap("guest")
            try await joining.tap("join")
            try await joining.answer("inviteCode", "ZZZZZZZZ")
            try await joining.tap("join")
            #expect(await joining.engine.issue(for: "inviteCode") != nil)
            try await joining.answer("inviteCode", .string(code.lowercased()))
            try await joining.tap("join")
            #expect(await joining.screen == "mainApp")
            let groups = try await partner.client.groups()
            #expect(groups.map(\.name) == ["Smith Family"])
            #expect(groups.first?.members.count == 2)

            let loner = walk.install()
            let skipping = try await loner.launch("familysync")
            try await skipping.tap("next")
            try await skipping.tap("next")
            try await skipping.tap("getStarted")
            try await skipping.tap("guest")
            try await skipping.tap("skip")
            #expect(await skipping.screen == "mainApp")
            #expect(await skipping.engine.visibleBlocks.compactMap(\.text).contains("No Household Active"))
            #expect(try await loner.tokens.load() == nil, "a guest who keeps to the device has no server account")

            try await owner.tokens.clear()
            app = try await owner.launch("familysync")
            #expect(await app.screen == "householdEnded", "the guest session that owned the household is gone")
            try await app.tap("join")
            try await app.answer("inviteCode", .string(code))
            try await app.tap("join")
            #expect(await app.screen == "mainApp")
            #expect(try await owner.client.groups().first?.members.count == 3, "back in, as a new guest")
        }
    }

    @Test(
        "Destiny: a guest's birth data stays on the device, home on the next launch; signed in, it is the server's",
        arguments: Deployment.allCases)
    func destiny(_ deployment: Deployment) async throws {
        try await withServer(deployment) { walk in
            let phone = walk.install()
            var app = try await phone.launch("destiny")
            #expect(await app.screen == "splash")
            try await app.fireTimer("launched")
            try await app.tap("skip")
            try await app.tap("guest")
            #expect(await app.screen == "birthData")
            try await app.answer("dateOfBirth", "1996-04-20")
            try await app.answer("timeOfBirth", "04:45")
            try await app.answer("cityOfBirth", "Los Angeles")
            try await app.tap("continue")
            #expect(await app.screen == "home")
            #expect(try await phone.tokens.load() == nil, "a guest has no account on the server")

            app = try await phone.launch("destiny")
            #expect(await app.screen == "splash")
            try await app.fireTimer("launched")
            #expect(await app.screen == "home", "a returning guest skips onboarding and auth")
            #expect(await app.engine.answer("cityOfBirth") == "Los Angeles", "kept on the device")

            try await app.tap("signOut")
            #expect(await app.screen == "auth")
            try await app.tap("email")
            try await app.answer("email", "sol@example.com")
            try await app.tap("sendCode")
            try await app.answer("code", try await walk.code(to: "sol@example.com"))
            try await app.tap("verify")
            #expect(await app.screen == "birthData", "signing out forgot the guest's birth data")
            try await app.answer("dateOfBirth", "1996-04-20")
            try await app.answer("timeOfBirth", "04:45")
            try await app.answer("cityOfBirth", "Los Angeles")
            try await app.tap("continue")
            #expect(await app.screen == "home")
            let answers = try await phone.client.answers(in: "destiny")
            #expect(answers["cityOfBirth"] == "Los Angeles")
            #expect(answers["dateOfBirth"] == "1996-04-20")
        }
    }

    @Test(
        "Destiny: birth data half-typed is not birth data given; a new install signs in and lands home",
        arguments: Deployment.allCases)
    func destinyReturningByEmail(_ deployment: Deployment) async throws {
        try await withServer(deployment) { walk in
            let phone = walk.install()
            var app = try await phone.launch("destiny")
            try await app.fireTimer("launched")
            try await app.tap("skip")
            try await app.tap("email")
            try await app.answer("email", "luna@example.com")
            try await app.tap("sendCode")
            #expect(await app.screen == "emailCode")
            try await app.answer("code", try await walk.code(to: "luna@example.com"))
            try await app.tap("verify")
            #expect(await app.screen == "birthData")
            try await app.answer("cityOfBirth", "Lisbon")

            app = try await phone.launch("destiny")
            try await app.fireTimer("launched")
            #expect(await app.screen == "birthData", "quit half-way: the city was typed, never submitted")
            #expect(await app.engine.answer("cityOfBirth") == "Lisbon")
            #expect(await app.engine.answer("dateOfBirth") != nil, "the date picker starts at today")
            try await app.answer("dateOfBirth", "1991-08-02")
            try await app.tap("continue")
            #expect(await app.screen == "home")

            let tablet = walk.install()
            app = try await tablet.launch("destiny")
            try await app.fireTimer("launched")
            #expect(await app.screen == "slide1")
            try await app.tap("skip")
            try await app.tap("email")
            try await app.answer("email", "luna@example.com")
            try await app.tap("sendCode")
            try await app.answer("code", try await walk.code(to: "luna@example.com"))
            try await app.tap("verify")
            #expect(await app.screen == "home", "the server holds Luna's birth data")
            app = try await tablet.launch("destiny")
            try await app.fireTimer("launched")
            #expect(await app.screen == "home")
        }
    }

    @Test(
        "Kordant: sign-up through plan, watchlist and family invites; forgot password; logout clears everything",
        arguments: Deployment.allCases)
    func kordant(_ deployment: Deployment) async throws {
        try await withServer(deployment) { walk in
            let phone = walk.install()
            var app = try await phone.launch("kordant")
            try await app.tap("signUp")
            try await app.answer("fullName", "Dana Reyes")
            try await app.answer("email", "dana@example.com")
            let password = walk.password("Shield-Up-2026!")
            try await app.answer("password", .string(password))
            try await app.answer("confirmPassword", .string(password))
            try await app.answer("acceptedTerms", true)
            try await app.tap("createAccount")
            #expect(await app.screen == "enableFaceID")
            try await app.tap("enable")
            #expect(await app.screen == "plan")
            try await app.answer("plan", "plus")
            try await app.tap("continue")
            try await app.answer("watchlist", ["dana@example.com", "+1 415 555 0100"])
            try await app.tap("continue")
            try await app.answer("familyInvites", ["sam@example.com"])
            try await app.tap("send")
            #expect(await app.screen == "done")
            try await app.back()
            try await app.answer("familyInvites", ["sam@example.com", "lee@example.com"])
            try await app.tap("send")
            #expect(await app.screen == "done")
            try await app.tap("getStarted")
            #expect(await app.screen == "home")
            let answers = try await phone.client.answers(in: "kordant")
            #expect(answers["plan"] == "plus")
            #expect(answers["watchlist"] == ["dana@example.com", "+1 415 555 0100"])
            let families = try await phone.client.groups()
            #expect(families.map(\.kind) == ["family"], "sending invites twice makes one family")
            _ = try await latestCode(to: "lee@example.com", servers: walk.servers)
            let me = try await phone.client.me()
            #expect(me.name == "Dana Reyes" && me.firstName == nil, "the full name is kept as typed, never split")

            let inviteCode = try await latestCode(to: "sam@example.com", servers: walk.servers)
            let sams = walk.install()
            let invitee = try await sams.launch("kordant")
            try await invitee.tap("signUp")
            try await invitee.answer("fullName", "Sam van der Berg")
            try await invitee.answer("email", "sam@example.com")
            let samsPassword = walk.password("Sam-Joins-2026!")
            try await invitee.answer("password", .string(samsPassword))
            try await invitee.answer("confirmPassword", .string(samsPassword))
            try await invitee.answer("acceptedTerms", true)
            try await invitee.tap("createAccount")
            try await invitee.tap("notNow")
            #expect(await invitee.screen == "plan")
            try await invitee.tap("joinFamily")
            try await invitee.answer("familyCode", "ZZZZZZZZ")
            try await invitee.tap("join")
            #expect(await invitee.engine.issue(for: "familyCode") != nil, "an unknown code is refused")
            try await invitee.answer("familyCode", .string(inviteCode.lowercased()))
            try await invitee.tap("join")
            #expect(await invitee.screen == "watchlist")
            let joined = try await sams.client.groups()
            #expect(joined.map(\.name) == ["Dana Reyes's family"], "Sam is in the family Dana invited him to")
            #expect(joined.first?.members.map(\.name) == ["Dana Reyes", "Sam van der Berg"])
            let consents = try await phone.client.consents()
            #expect(consents.map { "\($0.document)@\($0.version)" } == ["terms@2026-05"], "the terms signed up with")
            let device = try #require(phone.device as? TestDevice)
            #expect(device.biometricsEnrolled)

            try await app.tap("logOut")
            #expect(await app.screen == "login")
            #expect(try await phone.tokens.load() == nil, "logout clears every token")
            #expect(!device.biometricsEnrolled, "and the Face ID enrolment")
            let kept = try #require(try await phone.snapshots.load(flowID: "kordant"))
            #expect(kept.answers == ["rememberMe": true] && kept.results.isEmpty, "nothing of Dana stays on the device")
            app = try await phone.launch("kordant")
            #expect(await app.screen == "login")

            try await app.tap("forgotPassword")
            try await app.answer("email", "dana@example.com")
            try await app.tap("submit")
            #expect(await app.screen == "resetSent")
            try await app.answer("resetCode", try await walk.code(to: "dana@example.com"))
            try await app.tap("verify")
            #expect(await app.screen == "newPassword", "the code signed in; the new password comes next")
            try await app.answer("newPassword", .string(walk.password("Fresh-Start-2026!")))
            try await app.tap("save")
            #expect(await app.screen == "enableFaceID", "the enrolment went with the log-out, so it is offered again")
            try await app.tap("notNow")
            #expect(await app.screen == "home", "an onboarded account goes home after the reset")
            #expect(try await phone.client.me().email == "dana@example.com")

            let borrowed = walk.install()
            app = try await borrowed.launch("kordant")
            try await app.answer("email", "dana@example.com")
            try await app.answer("loginPassword", .string(walk.password("Fresh-Start-2026!")))
            try await app.answer("rememberMe", false)
            try await app.tap("signIn")
            #expect(await app.screen == "enableFaceID")
            #expect(try await borrowed.tokens.load() == nil, "without Remember me no session is stored")
            app = try await borrowed.launch("kordant")
            #expect(await app.screen == "login", "the next launch starts signed out")
        }
    }

    @Test(
        "Trainer: the whole intake, auth after it, goals and program; resumes after kills mid-intake and after auth",
        arguments: Deployment.allCases)
    func trainer(_ deployment: Deployment) async throws {
        try await withServer(deployment) { walk in
            let phone = walk.install()
            var app = try await phone.launch("trainer")
            try await app.tap("continue")
            try await app.fireTimer("finished")
            try await app.tap("getStarted")
            let flow = try FlowCatalog.bundled().flow("trainer")!
            let questions = flow.screens.filter { $0.section != nil }.map(\.id)
            for (index, field) in questions.enumerated() {
                if index == 12 {
                    app = try await phone.launch("trainer")
                    #expect(await app.screen == field, "a kill mid-intake resumes on the same question")
                }
                try await app.answer(field, try #require(flow.field(field)?.example))
                try await app.tap("next")
            }
            #expect(await app.screen == "complete")
            try await app.tap("createProgram")
            try await app.answer("email", "alex@example.com")
            try await app.answer("agreedToTerms", true)
            try await app.tap("continue")
            try await app.answer("code", try await walk.code(to: "alex@example.com"))
            try await app.tap("verify")
            #expect(await app.screen == "preparingGoals", "the code screen is left once the code is accepted")
            try await app.fireTimer("prepare")
            #expect(await app.screen == "goalReview")

            app = try await phone.launch("trainer")
            #expect(await app.screen == "goalReview", "a kill after auth resumes on goal review")
            let options = await app.engine.options(for: "goalChoice")
            #expect((3...4).contains(options.count))
            try await app.answer("goalChoice", .string(options[0].value))
            try await app.tap("confirm")
            #expect(await app.screen == "programReview")
            #expect(
                await app.engine.value("trainer.program.markdown")?.stringValue?.hasPrefix("# Your Training Program")
                    == true)
            try await app.tap("activate")
            #expect(await app.engine.value("trainer.program.status") == "active")
            #expect(await app.engine.value("trainer.goal.id") == .string(options[0].value), "the confirmed goal")
            try await app.tap("notNow")
            #expect(await app.screen == "success")

            let answers = try await phone.client.answers(in: "trainer")
            #expect(answers.count == 25)
            #expect(answers["height"] == 66)
        }
    }
}

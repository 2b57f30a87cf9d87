import DoorstepFlow
import Foundation
import Testing

@Suite("Secret answers: passwords and codes live in memory only")
struct SecretAnswerTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// Every screen of the catalog that asks for a secret, as `flow/screen`.
    static let secretScreens: [String] = Catalog.bundled.flows.flatMap { flow in
        let secrets = flow.secretFieldIDs
        return flow.screens.filter { screen in
            screen.blocks.contains { block in
                [block.field, block.confirmField].contains { $0.map(secrets.contains) ?? false }
            }
        }.map { "\(flow.id)/\($0.id)" }
    }

    /// A value no other byte of a snapshot could hold by chance: a password that passes every policy
    /// of the catalog, or a six-digit code, each distinct per field.
    static func distinctive(_ field: FieldDefinition, in flow: FlowDefinition) -> Value {
        let position = flow.fields.firstIndex(of: field) ?? 0
        return field.kind == .password
            ? .string("Zq8!Harbor-\(flow.id)-\(field.id)-Lights") : .string("73918\(position % 10)")
    }

    /// Taps `action` and finishes each effect it starts with `result`.
    static func tap(_ action: String, on engine: inout FlowEngine, result: EffectOutcome.Result) {
        var commands = engine.handle(.actionTapped(action), at: now)
        while let request = commands.lazy.compactMap({ command -> EffectRequest? in
            if case .perform(let request) = command { return request }
            return nil
        }).first {
            commands = engine.handle(.effectFinished(EffectOutcome(requestID: request.id, result: result)), at: now)
        }
    }

    @Test("A refused password is forgotten and counted, so its input empties for the next try")
    func refusedPasswordEmptiesInput() throws {
        let flow = try Catalog.flow("tanda")
        var engine = try FlowEngine(
            flow: flow,
            restoring: FlowSnapshot(
                flowID: flow.id, flowVersion: flow.version, screen: "passwordLogin",
                answers: ["email": .string("sam@example.com")]))
        engine.handle(.answerChanged(field: "loginPassword", value: .string("Wrong-Harbor-1")), at: Self.now)
        #expect(engine.forgottenSecrets.isEmpty)
        Self.tap("signIn", on: &engine, result: .failure(code: "invalid_credentials", message: nil))
        #expect(engine.screen.id == "passwordLogin")
        #expect(engine.answer("loginPassword") == nil)
        #expect(engine.forgottenSecrets == ["loginPassword": 1])
        engine.handle(.answerChanged(field: "loginPassword", value: .string("Wrong-Harbor-2")), at: Self.now)
        Self.tap("signIn", on: &engine, result: .failure(code: "invalid_credentials", message: nil))
        #expect(engine.forgottenSecrets == ["loginPassword": 2], "every refusal empties the input again")
    }

    @Test("A resend empties the code boxes and keeps what else was typed; a new screen starts afresh")
    func resendEmptiesOnlyTheCode() throws {
        let flow = try Catalog.flow("kordant")
        var engine = try FlowEngine(
            flow: flow,
            restoring: FlowSnapshot(
                flowID: flow.id, flowVersion: flow.version, screen: "verifySignUp",
                answers: ["email": .string("sam@example.com")]))
        engine.handle(.answerChanged(field: "signupCode", value: .string("123456")), at: Self.now)
        Self.tap("resend", on: &engine, result: .success([:]))
        #expect(engine.screen.id == "verifySignUp")
        #expect(engine.forgottenSecrets == ["signupCode": 1])
        #expect(engine.answer("signupCode") == nil)
        #expect(engine.answer("email") == .string("sam@example.com"))
        engine.handle(.answerChanged(field: "signupCode", value: .string("654321")), at: Self.now)
        Self.tap("verify", on: &engine, result: .success([:]))
        #expect(engine.screen.id != "verifySignUp")
        #expect(engine.forgottenSecrets.isEmpty)
    }

    @Test("the catalog asks for secrets on the screens the specs name")
    func secretScreensAreKnown() {
        #expect(
            Set(Self.secretScreens) == [
                "tanda/verifyEmail", "tanda/signInCode", "tanda/createPassword", "tanda/passwordLogin",
                "tanda/resetPassword", "tanda/newPassword",
                "kordant/login", "kordant/signup", "kordant/verifySignUp", "kordant/choosePassword",
                "kordant/resetSent", "kordant/newPassword",
                "trainer/otp",
                "destiny/emailCode",
            ])
    }

    @Test("no snapshot ever holds a secret, while the effects that need one receive it", arguments: secretScreens)
    func snapshotsNeverHoldSecrets(_ place: String) throws {
        let parts = place.split(separator: "/").map(String.init)
        let flow = try Catalog.flow(parts[0])
        let secrets = flow.secretFieldIDs
        var saved: [Data] = []
        var received: [Value] = []
        for outcome in [EffectOutcome.Result.failure(code: "invalid_credentials", message: nil), .success([:])] {
            var engine = try FlowEngine(
                flow: flow, restoring: FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: parts[1]))
            var typed: [String: Value] = [:]
            for block in engine.visibleBlocks {
                for id in [block.field, block.confirmField].compactMap({ $0 }) {
                    guard let field = flow.field(id) else { continue }
                    let original = field.matches.flatMap(flow.field) ?? field
                    let answer = field.isSecret ? Self.distinctive(original, in: flow) : field.example
                    engine.handle(.answerChanged(field: id, value: answer), at: Self.now)
                    if field.isSecret { typed[id] = answer }
                    saved.append(try JSONEncoder().encode(engine.snapshot))
                }
            }
            for (id, answer) in typed { #expect(engine.answer(id) == answer, "the screen shows what was typed") }
            let actions = engine.visibleActions.filter { action in
                flow.transitions.contains { transition in
                    transition.from == parts[1] && transition.on == action.id
                        && (transition.effects ?? []).contains { !$0.keysRead.isDisjoint(with: secrets) }
                }
            }
            let action = try #require(actions.first, "a button on \(place) uses the secret")
            var commands = engine.handle(.actionTapped(action.id), at: Self.now)
            saved.append(try JSONEncoder().encode(engine.snapshot))
            while let request = commands.lazy.compactMap(Self.request).first {
                received += request.arguments.values
                commands = engine.handle(
                    .effectFinished(EffectOutcome(requestID: request.id, result: outcome)), at: Self.now)
                saved.append(try JSONEncoder().encode(engine.snapshot))
            }
            for id in typed.keys {
                #expect(engine.answer(id) == nil, "\(id) is forgotten once the effect that used it has finished")
            }
        }
        let secretsTyped = flow.fields.filter(\.isSecret).map { Self.distinctive($0, in: flow) }
        #expect(received.contains { secretsTyped.contains($0) }, "the effect received the secret")
        for bytes in saved {
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in secretsTyped { #expect(!text.contains(secret.stringValue!), "\(place) saved \(secret)") }
        }
    }

    @Test("a password is kept apart yet still checked against its confirmation")
    func confirmationStillChecked() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.tap("signUp")
        driver.answer("fullName", "Dana Reyes")
        driver.answer("email", "dana@example.com")
        driver.answer("acceptedTerms", true)
        driver.answer("password", "Shield-Up-2026!")
        driver.answer("confirmPassword", "Shield-Up-2026?")
        driver.tap("createAccount")
        #expect(driver.issue("confirmPassword") == "Passwords don't match.")
        #expect(driver.snapshot.answers["password"] == nil && driver.snapshot.answers["confirmPassword"] == nil)
        #expect(driver.engine.answer("password") == "Shield-Up-2026!", "a refused form keeps what was typed")
    }

    @Test("a wrong password empties the field; going back forgets it too")
    func forgottenAfterUseAndOnLeaving() throws {
        var driver = try FlowDriver(flow: "kordant")
        driver.answer("email", "dana@example.com")
        driver.answer("loginPassword", "Wrong-Password-1")
        driver.on("logIn", failWith: "invalid_credentials")
        driver.tap("signIn")
        #expect(driver.engine.answer("loginPassword") == nil)
        #expect(driver.engine.answer("email") == "dana@example.com")

        driver.tap("forgotPassword")
        driver.answer("email", "dana@example.com")
        driver.tap("submit")
        #expect(driver.screen == "resetSent")
        driver.answer("newPassword", "Fresh-Start-2026!")
        driver.back()
        driver.tap("submit")
        #expect(driver.screen == "resetSent")
        #expect(driver.engine.answer("newPassword") == nil, "leaving the screen forgets its secrets")
    }

    @Test("after a kill on a password screen the screen shows again, empty, and nothing half-done re-runs")
    func killOnAPasswordScreen() throws {
        let flow = try Catalog.flow("kordant")
        var engine = FlowEngine(flow: flow)
        engine.handle(.answerChanged(field: "email", value: "dana@example.com"), at: Self.now)
        engine.handle(.answerChanged(field: "loginPassword", value: "Shield-Up-2026!"), at: Self.now)
        let commands = engine.handle(.actionTapped("signIn"), at: Self.now)
        #expect(commands.contains { if case .perform = $0 { true } else { false } })
        let saved = try JSONDecoder().decode(FlowSnapshot.self, from: JSONEncoder().encode(engine.snapshot))
        #expect(saved.pending != nil)

        let relaunched = FlowEngine.launch(flow: flow, snapshot: saved, session: .signedOut).engine
        #expect(relaunched.screen.id == "login")
        #expect(relaunched.answer("loginPassword") == nil)
        #expect(relaunched.answer("email") == "dana@example.com")
        #expect(relaunched.snapshot.pending == nil)
        #expect(relaunched.enteringCommands().isEmpty, "no log-in is sent without its password")
    }

    @Test("a host finishing a sign-in its second factor completed keeps the move, never the password")
    func finishingAPendingSignIn() throws {
        let flow = try Catalog.flow("kordant")
        var engine = FlowEngine(flow: flow)
        engine.handle(.answerChanged(field: "email", value: "dana@example.com"), at: Self.now)
        engine.handle(.answerChanged(field: "loginPassword", value: "Shield-Up-2026!"), at: Self.now)
        engine.handle(.actionTapped("signIn"), at: Self.now)
        // The move first asks whether Face ID can be offered; then the log-in waits on its second factor.
        let check = try #require(engine.snapshot.pending)
        engine.handle(
            .effectFinished(
                EffectOutcome(requestID: check.requestID, result: .success(["biometrics.available": false]))),
            at: Self.now)
        let saved = try JSONDecoder().decode(FlowSnapshot.self, from: JSONEncoder().encode(engine.snapshot))

        var resumed = try FlowEngine(flow: flow, restoring: saved, finishingPendingMove: true)
        #expect(resumed.answer("loginPassword") == nil)
        let waiting = try #require(resumed.snapshot.pending)
        let commands = resumed.handle(
            .effectFinished(EffectOutcome(requestID: waiting.requestID, result: .success(["session.active": true]))),
            at: Self.now)
        #expect(resumed.snapshot.pending == nil)
        #expect(resumed.screen.id != "login", "the sign-in carried on: \(commands)")
        #expect(try FlowEngine(flow: flow, restoring: saved).snapshot.pending == nil, "without the flag, dropped")
    }

    @Test("a snapshot saved by an older release with a password in it is cleaned on restore")
    func olderSnapshotsAreCleaned() throws {
        let flow = try Catalog.flow("tanda")
        let old = FlowSnapshot(
            flowID: "tanda", flowVersion: flow.version, screen: "createPassword",
            answers: ["email": "sam@example.com", "password": "Sunny-Days-2026", "code": "123456"])
        #expect(old.secretAnswers(of: flow) == ["password", "code"])
        let engine = try FlowEngine(flow: flow, restoring: old)
        #expect(engine.snapshot.answers == ["email": "sam@example.com"])
        #expect(engine.snapshot.secretAnswers(of: flow).isEmpty)
    }

    private static func request(_ command: FlowCommand) -> EffectRequest? {
        if case .perform(let request) = command { return request }
        return nil
    }
}

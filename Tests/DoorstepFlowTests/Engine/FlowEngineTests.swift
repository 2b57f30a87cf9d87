import DoorstepFlow
import Foundation
import Testing

@Suite("Flow engine")
struct FlowEngineTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func fixture() throws -> FlowDefinition {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/signup", withExtension: "json"))
        return try FlowDefinition.decode(from: Data(contentsOf: url))
    }

    @Test("An action with invalid answers shows field messages and asks for nothing")
    func validatesBeforeAdvancing() throws {
        var engine = FlowEngine(flow: try fixture())
        let commands = engine.handle(.actionTapped("continue"), at: now)
        #expect(commands.isEmpty)
        #expect(engine.issue(for: "email")?.message == "Please enter your email.")
        engine.handle(.answerChanged(field: "email", value: "not-an-email"), at: now)
        #expect(engine.issue(for: "email") == nil, "changing the answer clears its message")
        engine.handle(.actionTapped("continue"), at: now)
        #expect(engine.issue(for: "email")?.message == "Please enter a valid email address.")
        #expect(engine.screen.id == "email")
    }

    @Test("Leaving a filled field of the wrong form shows its message; an empty one or a right one says nothing")
    func leavingAField() throws {
        var engine = FlowEngine(flow: try fixture())
        engine.handle(.fieldLeft("email"), at: now)
        #expect(engine.issue(for: "email") == nil, "an empty field left is not scolded")
        engine.handle(.answerChanged(field: "email", value: "not-an-email"), at: now)
        #expect(engine.handle(.fieldLeft("email"), at: now).isEmpty)
        #expect(engine.issue(for: "email")?.message == "Please enter a valid email address.")
        #expect(!engine.isEnabled("continue", at: now), "the button is disabled, and now it says why")
        engine.handle(.answerChanged(field: "email", value: "sam@example.com"), at: now)
        #expect(engine.issue(for: "email") == nil)
        engine.handle(.fieldLeft("email"), at: now)
        #expect(engine.issue(for: "email") == nil)
        #expect(engine.isEnabled("continue", at: now))
        engine.handle(.fieldLeft("nothing-of-the-kind"), at: now)
        #expect(engine.snapshot.issues.isEmpty)
    }

    @Test("Leaving a field keeps the message an effect gave for the answer in it")
    func leavingKeepsAnEffectsMessage() throws {
        var engine = try engineAfterWrongCode()
        engine.handle(.fieldLeft("code"), at: now)
        #expect(engine.issue(for: "code")?.message == "Wrong code.", "the empty field left keeps why it was emptied")
    }

    @Test("Effects run one at a time with resolved arguments; the move happens when the last succeeds")
    func effects() throws {
        var engine = FlowEngine(flow: try fixture())
        engine.handle(.answerChanged(field: "email", value: "a@example.com"), at: now)
        let commands = engine.handle(.actionTapped("continue"), at: now)
        #expect(
            commands == [
                .perform(
                    EffectRequest(
                        id: 1, name: "sendCode",
                        arguments: ["email": "a@example.com", "purpose": "signup"])),
                .saveSnapshot,
            ])
        #expect(engine.isBusy)
        #expect(engine.handle(.actionTapped("continue"), at: now).isEmpty, "a second tap while busy does nothing")
        let moved = engine.handle(.effectFinished(.success(1)), at: now)
        #expect(moved == [.cancelTimers, .saveSnapshot])
        #expect(engine.screen.id == "code")
    }

    @Test("A failed effect shows its message, keeps every answer but the secret it used, and applies no 'sets'")
    func failure() throws {
        let engine = try engineAfterWrongCode()
        #expect(engine.screen.id == "code")
        #expect(engine.issue(for: "code")?.message == "Wrong code.")
        #expect(engine.snapshot.answers["email"] == "a@example.com")
        #expect(engine.answer("code") == nil, "the code that was tried is cleared for the next try")
        #expect(engine.snapshot.answers["newsletter"] == nil)
        #expect(!engine.isBusy)
    }

    @Test("An unknown error code shows the host's words, or a plain fallback")
    func unknownFailure() throws {
        var engine = try engineOnCode()
        engine.handle(.answerChanged(field: "code", value: "000000"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.failure(2, code: "rate_limited", message: "Slow down.")), at: now)
        #expect(engine.snapshot.message == "Slow down.")
        engine.handle(.answerChanged(field: "code", value: "000000"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.failure(3, code: "server_error")), at: now)
        #expect(engine.snapshot.message == "Something went wrong. Please try again.")
    }

    @Test("An optional effect may fail without stopping the move; 'sets' apply once it succeeds")
    func optionalEffect() throws {
        var engine = try engineOnCode()
        engine.handle(.answerChanged(field: "code", value: "123456"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.success(2)), at: now)
        engine.handle(.effectFinished(.failure(3, code: "denied")), at: now)
        #expect(engine.screen.id == "name")
        #expect(engine.snapshot.answers["newsletter"] == false)
        #expect(engine.snapshot.results["requestPermission.error"] == "denied")
    }

    @Test("Results for another request, and events for unknown fields or actions, change nothing")
    func staleAndUnknownEvents() throws {
        var engine = try engineOnCode()
        let before = engine.snapshot
        #expect(engine.handle(.effectFinished(.success(99)), at: now).isEmpty)
        #expect(engine.handle(.answerChanged(field: "nope", value: "x"), at: now).isEmpty)
        #expect(engine.handle(.actionTapped("nope"), at: now).isEmpty)
        #expect(engine.handle(.timerFired("verify"), at: now).isEmpty, "a button cannot be fired as a timer")
        #expect(engine.snapshot == before)
    }

    @Test("Back returns through history; a screen that clears history cannot go back")
    func back() throws {
        var engine = try engineOnCode()
        engine.handle(.actionTapped("back"), at: now)
        #expect(engine.screen.id == "email")
        #expect(engine.snapshot.answers["email"] == "a@example.com")
        engine.handle(.actionTapped("continue"), at: now)
        engine.handle(.effectFinished(.success(2)), at: now)
        engine.handle(.answerChanged(field: "code", value: "123456"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.success(3)), at: now)
        engine.handle(.effectFinished(.success(4)), at: now)
        #expect(engine.screen.id == "name")
        #expect(engine.handle(.backTapped, at: now).isEmpty)
        #expect(engine.screen.id == "name")
    }

    @Test("Timers are scheduled on entering a screen and fire only as timers")
    func timers() throws {
        var engine = try engineOnCode()
        engine.handle(.answerChanged(field: "code", value: "123456"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.success(2)), at: now)
        let commands = engine.handle(.effectFinished(.success(3)), at: now)
        #expect(commands.contains(.scheduleTimer(action: "later", after: 30)))
        #expect(engine.handle(.actionTapped("later"), at: now).isEmpty)
        let fired = engine.handle(.timerFired("later"), at: now)
        #expect(engine.screen.id == "done")
        #expect(fired.contains(.complete))
        #expect(engine.snapshot.completed)
        #expect(engine.render("Welcome, {name}") == "Welcome, ")
    }

    @Test("Arguments fill placeholders; a terminal screen's own button reports completion")
    func templatesAndTerminalActions() throws {
        var engine = try engineOnCode()
        engine.handle(.answerChanged(field: "code", value: "123456"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.success(2)), at: now)
        engine.handle(.effectFinished(.success(3)), at: now)
        engine.handle(.answerChanged(field: "name", value: "Ada"), at: now)
        let commands = engine.handle(.actionTapped("save"), at: now)
        #expect(
            commands.first
                == .perform(
                    EffectRequest(
                        id: 4, name: "saveProfile",
                        arguments: ["firstName": "Ada", "greeting": "Hi Ada"])))
        engine.handle(.effectFinished(.success(4)), at: now)
        #expect(engine.handle(.actionTapped("open"), at: now) == [.complete])
    }

    @Test("Snapshots survive encoding, and older saves without newer keys still decode")
    func snapshotCoding() throws {
        let engine = try engineOnCode()
        let data = try JSONEncoder().encode(engine.snapshot)
        #expect(try JSONDecoder().decode(FlowSnapshot.self, from: data) == engine.snapshot)
        let minimal = #"{"flowID": "signup", "flowVersion": 1, "screen": "code", "history": ["email"]}"#
        let old = try JSONDecoder().decode(FlowSnapshot.self, from: Data(minimal.utf8))
        #expect(old.depth == 1)
        #expect(old.answers.isEmpty)
    }

    /// An engine on the code screen after the server refused "000000".
    func engineAfterWrongCode() throws -> FlowEngine {
        var engine = try engineOnCode()
        engine.handle(.answerChanged(field: "code", value: "000000"), at: now)
        engine.handle(.actionTapped("verify"), at: now)
        engine.handle(.effectFinished(.failure(2, code: "invalid_code")), at: now)
        return engine
    }

    func engineOnCode() throws -> FlowEngine {
        var engine = FlowEngine(flow: try fixture())
        engine.handle(.answerChanged(field: "email", value: "a@example.com"), at: now)
        engine.handle(.actionTapped("continue"), at: now)
        engine.handle(.effectFinished(.success(1)), at: now)
        #expect(engine.screen.id == "code")
        return engine
    }
}

@Suite("Flow engine on hostile input")
struct FlowEngineHostileInputTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("A tampered snapshot (unknown screen, impossible pending move) neither crashes nor moves")
    func tamperedSnapshot() throws {
        let flow = try Catalog.flow("tanda")
        var snapshot = FlowSnapshot(startOf: flow)
        snapshot.screen = "no-such-screen"
        snapshot.pending = PendingMove(transition: 9_999, effect: 0, requestID: 7)
        var engine = try FlowEngine(flow: flow, restoring: snapshot)
        #expect(engine.screen.id == "slide1")
        #expect(engine.enteringCommands().allSatisfy { if case .perform = $0 { false } else { true } })
        #expect(engine.snapshot.pending == nil, "an impossible pending move is dropped")
        engine.handle(.effectFinished(.success(7)), at: now)
        engine.handle(.actionTapped("getStarted"), at: now)
        #expect(engine.screen.id == "createAccount", "the person is not stuck behind it")
    }

    @Test("A flow with no screens at all does not crash the engine")
    func emptyFlow() throws {
        var flow = try Catalog.flow("tanda")
        flow.screens = []
        flow.transitions = []
        var engine = FlowEngine(flow: flow)
        #expect(engine.handle(.actionTapped("getStarted"), at: now).isEmpty)
        #expect(engine.progress.fraction >= 0)
        #expect(!FlowLinter.problems(in: flow).isEmpty)
    }

    /// A hostile answer with a short name, so that test logs stay readable.
    struct OddAnswer: CustomTestStringConvertible, Sendable {
        let name: String
        let value: Value
        var testDescription: String { name }
    }

    static let hostileAnswers = [
        OddAnswer(name: "100,000 characters", value: .string(String(repeating: "x", count: 100_000))),
        OddAnswer(name: "a right-to-left override", value: .string("\u{202E}evil@example.com")),
        OddAnswer(name: "infinity", value: .double(.infinity)),
        OddAnswer(name: "10,000 strings", value: .array(Array(repeating: .string("a"), count: 10_000))),
        OddAnswer(name: "nested objects", value: .object(["a": ["b": ["c": "d"]]])),
        OddAnswer(name: "null", value: .null),
    ]

    @Test("Huge and odd answers are refused with a message, never a crash", arguments: hostileAnswers)
    func oddAnswers(_ answer: OddAnswer) throws {
        var driver = try FlowDriver(flow: "tanda")
        driver.tap("getStarted")
        driver.answer("email", answer.value)
        driver.tap("continue")
        #expect(driver.screen == "createAccount")
        #expect(driver.issue("email") != nil)
    }
}

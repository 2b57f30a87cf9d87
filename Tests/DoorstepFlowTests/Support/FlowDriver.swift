import DoorstepFlow
import Foundation
import Testing

/// Drives an engine the way a host does: answers fields, taps actions, runs the effects it asks for
/// with scripted results, and keeps a manual clock. Tests read like a person using the app, on a
/// phone with Face ID enrolled unless a test scripts `checkBiometrics` otherwise.
struct FlowDriver {
    typealias Handler = (EffectRequest) -> EffectOutcome.Result

    private(set) var engine: FlowEngine
    private(set) var now: Date
    private(set) var performed: [EffectRequest] = []
    private(set) var saves = 0
    private(set) var completions = 0
    private(set) var scheduledTimers: [String: Double] = [:]
    private var handlers: [String: Handler] = [
        "checkBiometrics": { _ in .success(["biometrics.available": true]) }
    ]

    init(_ engine: FlowEngine, now: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        self.engine = engine
        self.now = now
        scheduledTimers = Self.timers(in: engine.enteringCommands())
    }

    init(flow id: String) throws {
        self.init(FlowEngine(flow: try Catalog.flow(id)))
    }

    var screen: String { engine.screen.id }
    var snapshot: FlowSnapshot { engine.snapshot }
    var message: String? { engine.snapshot.message }

    /// The names of the effects performed, in order.
    var effectNames: [String] { performed.map(\.name) }

    /// Scripts the result of every later request for an effect.
    mutating func on(_ effect: String, _ handler: @escaping Handler) {
        handlers[effect] = handler
    }

    /// Scripts a plain success with these values.
    mutating func on(_ effect: String, succeedWith values: [String: Value]) {
        handlers[effect] = { _ in .success(values) }
    }

    /// Scripts a failure with this code.
    mutating func on(_ effect: String, failWith code: String) {
        handlers[effect] = { _ in .failure(code: code, message: nil) }
    }

    mutating func answer(_ field: String, _ value: Value?) {
        run(engine.handle(.answerChanged(field: field, value: value), at: now))
    }

    /// Adds an entry to a list with its Add button.
    mutating func add(_ item: String, to field: String) {
        run(engine.handle(.itemAdded(field: field, item: item), at: now))
    }

    mutating func tap(_ action: String) {
        run(engine.handle(.actionTapped(action), at: now))
    }

    mutating func fireTimer(_ action: String) {
        run(engine.handle(.timerFired(action), at: now))
    }

    mutating func back() {
        run(engine.handle(.backTapped, at: now))
    }

    mutating func wait(_ seconds: TimeInterval) {
        now += seconds
    }

    /// The problem shown next to a field.
    func issue(_ field: String) -> String? {
        engine.issue(for: field)?.message
    }

    func isEnabled(_ action: String) -> Bool {
        engine.isEnabled(action, at: now)
    }

    /// Restarts the engine from its last saved snapshot, as after the app was killed.
    mutating func relaunch(session: SessionState) throws {
        let saved = try JSONDecoder().decode(FlowSnapshot.self, from: JSONEncoder().encode(engine.snapshot))
        let launch = FlowEngine.launch(flow: engine.flow, snapshot: saved, session: session)
        engine = launch.engine
        run(engine.enteringCommands())
    }

    private mutating func run(_ commands: [FlowCommand]) {
        var queue = commands
        while !queue.isEmpty {
            let command = queue.removeFirst()
            switch command {
            case .perform(let request):
                performed.append(request)
                let result = handlers[request.name]?(request) ?? .success([:])
                queue += engine.handle(.effectFinished(EffectOutcome(requestID: request.id, result: result)), at: now)
            case .scheduleTimer(let action, let after):
                scheduledTimers[action] = after
            case .cancelTimers:
                scheduledTimers = [:]
            case .saveSnapshot:
                saves += 1
            case .complete:
                completions += 1
            }
        }
    }

    private static func timers(in commands: [FlowCommand]) -> [String: Double] {
        var timers: [String: Double] = [:]
        for case .scheduleTimer(let action, let after) in commands { timers[action] = after }
        return timers
    }
}

/// The bundled catalog, loaded once for the whole test run.
enum Catalog {
    static let bundled: FlowCatalog = {
        do {
            return try FlowCatalog.bundled()
        } catch {
            fatalError("the bundled catalog does not load: \(error)")
        }
    }()

    static func flow(_ id: String) throws -> FlowDefinition {
        guard let flow = bundled.flow(id) else { throw CatalogError.missing(id) }
        return flow
    }

    enum CatalogError: Error { case missing(String) }
}

extension FlowDriver: CustomTestStringConvertible {
    var testDescription: String { "the driver on screen \"\(screen)\"" }
}

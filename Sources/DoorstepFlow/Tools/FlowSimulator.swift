import Foundation

/// Walks a flow headlessly, the way a person who gives each field's example answer would, with each
/// effect returning its declared default results. It proves that a flow can be completed, and shows
/// the path and progress along the way.
public struct FlowSimulator {
    /// One screen visited.
    public struct Step: Sendable, Hashable, Codable {
        /// The screen's id.
        public var screen: String
        /// Its section, if it has one.
        public var section: String?
        /// How far through the flow, from 0 to 1.
        public var progress: Double
    }

    /// How a walk ended.
    public enum Outcome: Sendable, Hashable {
        /// A terminal screen was reached.
        case completed
        /// The walk could not go on; the reason says where and why.
        case stuck(screen: String, reason: String)
    }

    /// A finished walk.
    public struct Walk: Sendable, Hashable {
        /// Every screen visited, in order.
        public var steps: [Step]
        /// How it ended.
        public var outcome: Outcome
        /// The answers and results at the end.
        public var snapshot: FlowSnapshot
    }

    let flow: FlowDefinition
    let overrides: [String: Value]
    let session: SessionState
    let now: Date
    var stepLimit = 1_000

    /// Prepares a walk.
    /// - Parameters:
    ///   - overrides: answers or effect results that replace examples and defaults, such as
    ///     `account.exists = true` for TANDA's existing-account branch.
    ///   - session: the session at launch.
    ///   - now: the time every event is stamped with.
    public init(flow: FlowDefinition, overrides: [String: Value] = [:], session: SessionState = .signedOut, now: Date) {
        self.flow = flow
        self.overrides = overrides
        self.session = session
        self.now = now
    }

    /// Walks from launch to a terminal screen, or until stuck.
    public func run() -> Walk {
        var engine = FlowEngine.launch(flow: flow, snapshot: nil, session: session).engine
        engine.record(overrides)
        var steps: [Step] = []
        var visits: [String: Int] = [:]
        while steps.count < stepLimit {
            let progress = engine.progress
            steps.append(
                Step(
                    screen: engine.screen.id, section: engine.screen.section,
                    progress: (progress.fraction * 1_000).rounded() / 1_000))
            if engine.screen.isTerminal { return Walk(steps: steps, outcome: .completed, snapshot: engine.snapshot) }
            visits[engine.screen.id, default: 0] += 1
            if visits[engine.screen.id]! > 3 {
                return stuck(engine, steps, "the walk keeps coming back here")
            }
            if let reason = advance(&engine) { return stuck(engine, steps, reason) }
        }
        return stuck(engine, steps, "more than \(stepLimit) screens without reaching a terminal screen")
    }

    private func stuck(_ engine: FlowEngine, _ steps: [Step], _ reason: String) -> Walk {
        Walk(steps: steps, outcome: .stuck(screen: engine.screen.id, reason: reason), snapshot: engine.snapshot)
    }

    /// Answers the screen, takes its forward action and runs the effects; the reason when it cannot.
    private func advance(_ engine: inout FlowEngine) -> String? {
        answer(&engine)
        guard let action = forwardAction(engine) else { return "no action on this screen leads anywhere" }
        let origin = engine.screen.id
        let event: FlowEvent = action.role == .timer ? .timerFired(action.id) : .actionTapped(action.id)
        var commands = engine.handle(event, at: now)
        while let request = commands.lazy.compactMap(Self.request).first {
            commands = engine.handle(.effectFinished(outcome(for: request, in: engine)), at: now)
        }
        if let issue = engine.snapshot.issues.first {
            return "field \"\(issue.field)\": \(issue.message)"
        }
        if let message = engine.snapshot.message { return message }
        if engine.screen.id == origin { return "action \"\(action.id)\" did not move on" }
        return nil
    }

    private func answer(_ engine: inout FlowEngine) {
        var fields = engine.visibleBlocks.flatMap { [$0.field, $0.confirmField].compactMap { $0 } }
        fields += engine.visibleActions.flatMap { $0.requires ?? [] }
        for id in fields {
            guard let field = flow.field(id) else { continue }
            // A field that asks about the value it starts at is answered as a person would: changed.
            let unanswered = engine.answer(id) == nil || field.confirmsInitial == true
            let answer = overrides[id] ?? (unanswered ? field.example : nil)
            if let answer { engine.handle(.answerChanged(field: id, value: answer), at: now) }
        }
    }

    private func forwardAction(_ engine: FlowEngine) -> Action? {
        for role in Action.forwardRoles {
            for action in engine.visibleActions where action.role == role {
                if engine.matchingTransition(from: engine.screen.id, on: action.id) != nil { return action }
            }
        }
        return nil
    }

    private func outcome(for request: EffectRequest, in engine: FlowEngine) -> EffectOutcome {
        let call = engine.snapshot.pending.flatMap { pending -> EffectCall? in
            guard flow.transitions.indices.contains(pending.transition) else { return nil }
            let effects = flow.transitions[pending.transition].effects ?? []
            return effects.indices.contains(pending.effect) ? effects[pending.effect] : nil
        }
        var values = call?.defaults ?? [:]
        for key in values.keys { if let override = overrides[key] { values[key] = override } }
        return .success(request.id, values)
    }

    private static func request(_ command: FlowCommand) -> EffectRequest? {
        if case .perform(let request) = command { return request }
        return nil
    }
}

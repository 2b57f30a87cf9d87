/// One thing a walk through a flow did, as funnels count it: ids and codes, never an answer.
public struct FlowWalkEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case screenShown, fieldAnswered, action, errorShown, completed
    }

    public var kind: Kind
    /// The screen it happened on.
    public var screen: String
    /// The field answered or in error.
    public var field: String?
    /// The action taken.
    public var action: String?
    /// The error's code, or the plan a paywall's answer chose.
    public var code: String?

    /// Creates an event.
    public init(_ kind: Kind, screen: String, field: String? = nil, action: String? = nil, code: String? = nil) {
        self.kind = kind
        self.screen = screen
        self.field = field
        self.action = action
        self.code = code
    }
}

/// The rules both hosts record a walk by, and what they need to remember between steps (kept in the
/// app's memory or in the browser's funnel session):
///
/// - a screen is recorded when it is not the one this flow showed last (a reload is not a visit);
/// - an action tapped records first the screen's fields that hold an answer then (ids only, sorted),
///   then the action;
/// - after any step but typing or leaving a field, every problem the screen shows is recorded with
///   its code;
/// - the flow's end is recorded once.
///
/// Typing and leaving a field record nothing: an app sees every keystroke and every field left, a
/// page only the form it sends (its script shows a field's message on leaving it without telling the
/// server), and both must count the same walk the same way. A problem is counted when the person acts.
public struct FlowWalkAnalytics: Codable, Sendable, Hashable {
    /// The screen each flow last showed.
    public var lastShown: [String: String] = [:]
    /// The flows whose end was recorded.
    public var completed: Set<String> = []

    /// Starts with nothing recorded.
    public init() {}

    /// The events of showing the engine's screen.
    public mutating func shown(_ engine: FlowEngine) -> [FlowWalkEvent] {
        let screen = engine.snapshot.screen
        guard lastShown[engine.flow.id] != screen else { return [] }
        lastShown[engine.flow.id] = screen
        return [FlowWalkEvent(.screenShown, screen: screen)]
    }

    /// The events of one step: `event` moved the engine from `before` to `after`.
    public mutating func stepped(_ event: FlowEvent, from before: FlowEngine, to after: FlowEngine)
        -> [FlowWalkEvent]
    {
        switch event {
        case .answerChanged, .fieldLeft, .itemAdded: return []
        default: break
        }
        var events: [FlowWalkEvent] = []
        if case .actionTapped(let action) = event {
            let screen = before.snapshot.screen
            events += Self.answeredFields(on: before).map { field in
                FlowWalkEvent(.fieldAnswered, screen: screen, field: field, code: Self.plan(field, on: before))
            }
            events.append(FlowWalkEvent(.action, screen: screen, action: action))
        }
        return events + settled(after)
    }

    /// The events of where a step left the engine: its screen if new, the problems it shows, the
    /// flow's end the first time.
    public mutating func settled(_ engine: FlowEngine) -> [FlowWalkEvent] {
        var events = shown(engine)
        let screen = engine.snapshot.screen
        for issue in engine.snapshot.issues {
            events.append(FlowWalkEvent(.errorShown, screen: screen, field: issue.field, code: issue.code))
        }
        if engine.snapshot.completed, completed.insert(engine.flow.id).inserted {
            events.append(FlowWalkEvent(.completed, screen: screen))
        }
        return events
    }

    /// The plan chosen on a paywall: a value of the flow's own options, never words a person typed, so
    /// funnels can count which plan each walk chose.
    static func plan(_ field: String, on engine: FlowEngine) -> String? {
        guard engine.visibleBlocks.contains(where: { $0.kind == .paywall && $0.field == field }),
            let plan = engine.snapshot.answers[field]?.stringValue,
            engine.flow.field(field)?.options?.contains(where: { $0.value == plan }) == true
        else { return nil }
        return plan
    }

    /// The screen's input fields that hold an answer, sorted.
    static func answeredFields(on engine: FlowEngine) -> [String] {
        var fields = Set<String>()
        for block in engine.visibleBlocks where block.isInput {
            for field in [block.field, block.confirmField].compactMap({ $0 }) {
                if let answer = engine.snapshot.answers[field], !answer.isEmpty { fields.insert(field) }
            }
        }
        return fields.sorted()
    }
}

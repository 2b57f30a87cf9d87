/// Something that happened, fed into ``FlowEngine/handle(_:at:)``. Named for what happened, not for
/// what to do.
public enum FlowEvent: Sendable, Hashable {
    /// A person changed an answer (`nil` clears it).
    case answerChanged(field: String, value: Value?)
    /// A person left a field, or paused while typing in it: a filled answer of the wrong form shows its
    /// field's message now, not only when a button is pressed (which may be disabled for that very
    /// reason). An empty field left says nothing.
    case fieldLeft(String)
    /// An entry added to a list field with its Add button: checked alone and against the list first.
    case itemAdded(field: String, item: String)
    /// A person tapped an action.
    case actionTapped(String)
    /// A timer the engine scheduled went off.
    case timerFired(String)
    /// An effect the engine asked for has finished.
    case effectFinished(EffectOutcome)
    /// A person went back (a back button, an edge swipe).
    case backTapped
}

/// What the engine asks its host to do after an event.
public enum FlowCommand: Sendable, Hashable {
    /// Run this effect, then send ``FlowEvent/effectFinished(_:)`` with the request's id.
    case perform(EffectRequest)
    /// Send ``FlowEvent/timerFired(_:)`` for the action after this many seconds.
    case scheduleTimer(action: String, after: Double)
    /// Forget every scheduled timer (the screen changed).
    case cancelTimers
    /// Save ``FlowEngine/snapshot``.
    case saveSnapshot
    /// A terminal screen was reached; the flow is complete.
    case complete
}

/// An effect to run: its name and arguments, resolved from answers and results.
public struct EffectRequest: Sendable, Hashable {
    /// Matches the request to its outcome.
    public var id: Int
    /// The operation, such as `verifyCode`.
    public var name: String
    /// Its arguments.
    public var arguments: [String: Value]

    /// Creates a request.
    public init(id: Int, name: String, arguments: [String: Value]) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

/// How an effect ended.
public struct EffectOutcome: Sendable, Hashable {
    /// The request this answers.
    public var requestID: Int
    /// Success with result values, or failure with an error code.
    public var result: Result

    /// How an effect ended.
    public enum Result: Sendable, Hashable {
        /// Values to remember: keys that are field ids become answers, others results.
        case success([String: Value])
        /// A stable error code (`invalid_credentials`, `cancelled`) and, optionally, words to show.
        case failure(code: String, message: String?)
    }

    /// Creates an outcome.
    public init(requestID: Int, result: Result) {
        self.requestID = requestID
        self.result = result
    }

    /// A success.
    public static func success(_ requestID: Int, _ values: [String: Value] = [:]) -> EffectOutcome {
        EffectOutcome(requestID: requestID, result: .success(values))
    }

    /// A failure.
    public static func failure(_ requestID: Int, code: String, message: String? = nil) -> EffectOutcome {
        EffectOutcome(requestID: requestID, result: .failure(code: code, message: message))
    }
}

extension EffectRequest {
    /// The documents and versions an `acceptConsents` request names, in order; malformed entries are
    /// left out.
    public var consents: [(document: String, version: String)] {
        (arguments["consents"]?.arrayValue ?? []).compactMap { item in
            guard let object = item.objectValue, let document = object["document"]?.stringValue,
                let version = object["version"]?.stringValue
            else { return nil }
            return (document, version)
        }
    }
}

/// On an action from a screen, if a condition holds: set answers, run effects, then go somewhere.
public struct Transition: Codable, Sendable, Hashable {
    /// The screen the action is on.
    public var from: String
    /// The action's id.
    public var on: String
    /// Only when this holds (checked before any effect runs).
    public var when: Condition?
    /// Answers set once the move succeeds, such as `syncMethod = local`.
    public var sets: [String: Value]?
    /// Answers cleared once the move succeeds, such as a feedback text that was sent.
    public var clears: [String]?
    /// When `true`, the walk starts over once the effects succeed — every answer, result and screen of
    /// history forgotten — and lands on the destination: a log-out leaves nothing of the person behind.
    public var resets: Bool?
    /// Effects run in order; the first failure stops the move, shows its message and changes no answer.
    public var effects: [EffectCall]?
    /// Where to go once the effects succeed.
    public var to: String?
    /// Where to go, chosen after the effects succeed: the first branch whose condition holds.
    public var branches: [Branch]?

    /// Creates a transition.
    public init(
        from: String, on: String, when: Condition? = nil, effects: [EffectCall]? = nil, to: String? = nil,
        branches: [Branch]? = nil
    ) {
        self.from = from
        self.on = on
        self.when = when
        self.effects = effects
        self.to = to
        self.branches = branches
    }

    /// Every screen this transition can lead to.
    public var destinations: [String] {
        ([to].compactMap { $0 }) + (branches ?? []).map(\.to)
    }
}

extension EffectCall {
    /// The answer and result keys its arguments read: `"$key"` values and `{key}` placeholders.
    public var keysRead: Set<String> {
        var keys = Set<String>()
        func collect(_ argument: Value) {
            switch argument {
            case .string(let text) where text.hasPrefix("$"):
                keys.insert(String(text.dropFirst()))
            case .string(let text):
                _ = TextTemplate.render(text) { key in
                    keys.insert(key)
                    return nil
                }
            case .array(let elements):
                elements.forEach(collect)
            case .object(let members):
                members.values.forEach(collect)
            default:
                break
            }
        }
        (args ?? [:]).values.forEach(collect)
        return keys
    }
}

/// One way out of a transition.
public struct Branch: Codable, Sendable, Hashable {
    /// Taken when this holds; a branch without a condition always matches.
    public var when: Condition?
    /// The destination screen.
    public var to: String

    /// Creates a branch.
    public init(when: Condition? = nil, to: String) {
        self.when = when
        self.to = to
    }
}

/// A named operation the engine asks its host to perform, with its arguments.
public struct EffectCall: Codable, Sendable, Hashable {
    /// The operation, such as `sendCode` or `trainer.goalOptions`.
    public var name: String
    /// Arguments: literal values, `"$key"` to pass an answer or result, or text with `{key}` placeholders.
    public var args: [String: Value]?
    /// The results a simulation assumes when no host runs the effect.
    public var defaults: [String: Value]?
    /// How failures are shown, keyed by error code.
    public var errors: [String: EffectErrorMessage]?
    /// When `true`, a failure does not stop the move (a declined permission, say).
    public var optional: Bool?
    /// Runs only when this holds, checked once the effects before it have finished.
    public var when: Condition?

    /// Creates an effect call.
    public init(
        _ name: String, args: [String: Value]? = nil, defaults: [String: Value]? = nil,
        errors: [String: EffectErrorMessage]? = nil
    ) {
        self.name = name
        self.args = args
        self.defaults = defaults
        self.errors = errors
    }
}

/// The message a screen shows when an effect fails with a given code.
public struct EffectErrorMessage: Codable, Sendable, Hashable {
    /// The field the message belongs to; the whole screen when absent.
    public var field: String?
    /// The words a person reads.
    public var message: String
    /// When `true`, this failure does not stop the move: the walk goes on where it leads and the
    /// message is shown there (a code that cannot be sent again yet still leads to the screen where
    /// the code already sent works).
    public var proceeds: Bool?

    /// Creates an error message.
    public init(field: String? = nil, message: String, proceeds: Bool? = nil) {
        self.field = field
        self.message = message
        self.proceeds = proceeds
    }
}

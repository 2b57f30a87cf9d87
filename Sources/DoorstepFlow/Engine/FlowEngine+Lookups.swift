import Foundation

/// What the engine reads of its flow and state to decide a move: the transition an action takes, the
/// request an effect is run with, an argument's value, and the commands a screen change sends.
extension FlowEngine {
    /// The value of an answer or result key.
    public func value(_ key: String) -> Value? {
        secrets[key] ?? snapshot.answers[key] ?? snapshot.results[key]
    }

    /// The answer to a field, secrets included.
    public func answer(_ field: String) -> Value? {
        secrets[field] ?? snapshot.answers[field]
    }

    /// Every answer, secrets included: what effects and validation see. Never save it; save
    /// ``snapshot``.
    public var answers: [String: Value] {
        secrets.isEmpty ? snapshot.answers : snapshot.answers.merging(secrets) { $1 }
    }

    func matchingTransition(from screen: String, on action: String) -> Int? {
        index.transitions(from: screen, on: action)?.first { position in
            flow.transitions[position].when?.holds(value) ?? true
        }
    }

    func effectCall(for pending: PendingMove) -> EffectCall? {
        guard flow.transitions.indices.contains(pending.transition) else { return nil }
        let effects = flow.transitions[pending.transition].effects ?? []
        return effects.indices.contains(pending.effect) ? effects[pending.effect] : nil
    }

    func request(for pending: PendingMove) -> EffectRequest? {
        guard let call = effectCall(for: pending) else { return nil }
        let arguments = (call.args ?? [:]).mapValues(resolve)
        return EffectRequest(id: pending.requestID, name: call.name, arguments: arguments)
    }

    /// A literal; for `"$key"` the current value of that answer or result; text with placeholders filled.
    func resolve(_ argument: Value) -> Value {
        switch argument {
        case .string(let text) where text.hasPrefix("$"):
            return value(String(text.dropFirst())) ?? .null
        case .string(let text) where text.contains("{"):
            return .string(TextTemplate.render(text, value))
        case .array(let elements):
            return .array(elements.map(resolve))
        case .object(let members):
            return .object(members.mapValues(resolve))
        default:
            return argument
        }
    }

    /// What a host does on arriving at `screen`: forget the old timers, start the new ones, save, and
    /// (moving forward) finish on a terminal screen — built in one array.
    func screenChangeCommands(for screen: Screen, completing: Bool = true) -> [FlowCommand] {
        var commands: [FlowCommand] = []
        commands.reserveCapacity(3 + screen.actions.count)
        commands.append(.cancelTimers)
        appendTimerCommands(for: screen, to: &commands)
        commands.append(.saveSnapshot)
        if completing, screen.isTerminal { commands.append(.complete) }
        return commands
    }

    func appendTimerCommands(for screen: Screen, to commands: inout [FlowCommand]) {
        for action in screen.actions where action.role == .timer && isVisible(action) {
            if let after = action.after { commands.append(.scheduleTimer(action: action.id, after: after)) }
        }
    }

    func timerCommands(for screen: Screen) -> [FlowCommand] {
        var commands: [FlowCommand] = []
        appendTimerCommands(for: screen, to: &commands)
        return commands
    }

    func cooldownRemaining(_ action: Action, at now: Date) -> Int? {
        guard let cooldown = action.cooldown, let last = snapshot.effectTimes[cooldown.effect] else { return nil }
        let left = ResendCountdown(sentAt: last, seconds: cooldown.seconds).remaining(at: now)
        return left > 0 ? left : nil
    }
}

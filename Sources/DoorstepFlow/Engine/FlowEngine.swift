import Foundation

/// Walks a ``FlowDefinition``: a value-type state machine that takes events and returns what its host
/// must do. It never performs I/O and never reads the clock; time arrives with each event.
///
/// ```swift
/// var engine = FlowEngine(flow: catalog.flow("tanda")!)
/// engine.handle(.answerChanged(field: "email", value: "sam@example.com"), at: now)
/// for command in engine.handle(.actionTapped("continue"), at: now) {
///     // perform effects, schedule timers, save engine.snapshot
/// }
/// ```
public struct FlowEngine: Sendable {
    /// The flow being walked.
    public let flow: FlowDefinition
    /// Where the walk stands; save it to resume after a kill. It never holds a secret answer.
    public private(set) var snapshot: FlowSnapshot
    let index: FlowIndex
    /// Answers to secret fields (passwords, one-time codes) on the screen on display. They live only
    /// here, in memory: never in ``snapshot``, and gone once the effect that used them has finished or
    /// the person leaves the screen.
    private(set) var secrets: [String: Value] = [:]
    /// How many times each secret field's answer was forgotten while its screen stayed on display:
    /// after the effect that read it finished (a wrong password, a wrong code) or an action cleared it
    /// (a resend). An input showing the secret empties whenever its count grows; the counts start again
    /// on every screen.
    public private(set) var forgottenSecrets: [String: Int] = [:]
    /// The person's time zone, which decides what "now" and "today" are for date and time pickers that
    /// start at now and for "not in the future": the device's in an app, the browser's on the web.
    /// UTC until the host says.
    public var timeZone: TimeZone = CalendarDate.utc

    /// Starts `flow` at its first screen.
    public init(flow: FlowDefinition) {
        self.init(flow: flow, index: FlowIndex(flow), snapshot: FlowSnapshot(startOf: flow))
        fillInitialAnswers(for: screen)
    }

    /// Resumes `flow` from a snapshot, migrating one saved by an older version of the flow.
    /// - Parameter finishingPendingMove: keeps a pending move that read a secret, for a host that
    ///   finishes its effect with an outcome it already holds (a sign-in its second factor completed)
    ///   rather than running it again without the secret.
    public init(
        flow: FlowDefinition, restoring snapshot: FlowSnapshot, finishingPendingMove: Bool = false
    ) throws(SnapshotMigrationError) {
        let migrated = try SnapshotMigrator.migrate(snapshot, to: flow)
        self.init(flow: flow, index: FlowIndex(flow), snapshot: migrated, finishingPendingMove: finishingPendingMove)
    }

    init(flow: FlowDefinition, index: FlowIndex, snapshot: FlowSnapshot, finishingPendingMove: Bool = false) {
        self.flow = flow
        self.index = index
        self.snapshot = snapshot
        // Releases before secrets were kept apart saved them; they are dropped on the way in.
        for field in index.secretFields { self.snapshot.answers[field] = nil }
        if let pending = snapshot.pending,
            effectCall(for: pending) == nil
                || (!finishingPendingMove && index.transitionsReadingSecrets.contains(pending.transition))
        {
            // A move that needs a secret cannot be re-run after a kill: the secret was never saved,
            // so the screen shows again, empty, for the person to try again.
            self.snapshot.pending = nil
        }
    }

    /// The screen on display. A snapshot naming a screen the flow lacks shows the start screen (or, for
    /// a flow with no screens at all, an empty one) rather than crashing.
    public var screen: Screen {
        index.screens[snapshot.screen] ?? index.screens[flow.start] ?? Screen(id: snapshot.screen)
    }

    /// Takes one event and returns what the host must do, in order.
    @discardableResult
    public mutating func handle(_ event: FlowEvent, at now: Date) -> [FlowCommand] {
        switch event {
        case .answerChanged(let field, let value):
            return changeAnswer(field, to: value)
        case .fieldLeft(let field):
            return leaveField(field, at: now)
        case .actionTapped(let action):
            return fire(action, at: now, byTimer: false)
        case .timerFired(let action):
            return fire(action, at: now, byTimer: true)
        case .effectFinished(let outcome):
            return finish(outcome, at: now)
        case .backTapped:
            return goBack(at: now)
        case .itemAdded(let field, let item):
            return addItem(item, to: field, at: now)
        }
    }

    /// Records facts the host learned outside any effect (a session that ended, a setting); keys that
    /// are field ids become answers.
    public mutating func record(_ values: [String: Value]) {
        for (key, value) in values { assign(key, value) }
    }

    // MARK: - Events

    private mutating func changeAnswer(_ field: String, to value: Value?) -> [FlowCommand] {
        guard index.fields[field] != nil else { return [] }
        assign(field, value)
        snapshot.issues.removeAll { $0.field == field }
        // Moved off the value it started at, the answer is the person's own, even if moved back later.
        if let started = snapshot.results[Self.unchangedKey(field)], value != started {
            snapshot.results[Self.unchangedKey(field)] = nil
        }
        return []
    }

    /// Adds an entry to a list as its Add button does, by the field's rules (``ListBuilder``). A refused
    /// entry stays out of the list with its field's message, and is kept (`<field>.entry`) for the
    /// entry box to show again, so the person sees which entry was refused and can mend it.
    private mutating func addItem(_ item: String, to field: String, at now: Date) -> [FlowCommand] {
        guard snapshot.pending == nil, let definition = index.fields[field], definition.kind == .stringList else {
            return []
        }
        let list = (snapshot.answers[field]?.arrayValue ?? []).compactMap(\.stringValue)
        snapshot.issues.removeAll { $0.field == field }
        switch ListBuilder.adding(item, to: list, field: definition, context: validationContext(at: now)) {
        case .success(let added):
            snapshot.answers[field] = .array(added.map(Value.string))
            snapshot.results[ListBuilder.entryKey(field)] = nil
        case .failure(let issue):
            snapshot.issues.append(issue)
            snapshot.results[ListBuilder.entryKey(field)] = .string(item)
        }
        return [.saveSnapshot]
    }

    /// A filled answer of the wrong form gets its field's message. Nothing else changes: a message an
    /// effect gave for this very answer ("wrong password") stays, and any change of the answer has
    /// already cleared the field's messages.
    private mutating func leaveField(_ field: String, at now: Date) -> [FlowCommand] {
        guard let definition = index.fields[field], snapshot.pending == nil, let answer = answer(field),
            !answer.isEmpty,
            let issue = FieldValidator.issue(for: answer, in: definition, context: validationContext(at: now))
        else { return [] }
        snapshot.issues.removeAll { $0.field == field }
        snapshot.issues.append(issue)
        return []
    }

    private mutating func fire(_ actionID: String, at now: Date, byTimer: Bool) -> [FlowCommand] {
        guard snapshot.pending == nil, let action = visibleAction(actionID),
            byTimer == (action.role == .timer)
        else { return [] }
        if let wait = cooldownRemaining(action, at: now) {
            snapshot.message = "Please wait \(wait) seconds before trying again."
            return []
        }
        var issues = issues(blocking: action, at: now)
        if issues.isEmpty { issues = askAboutUnchangedAnswers(checkedBy: action) }
        guard issues.isEmpty else {
            snapshot.issues = issues
            snapshot.message = nil
            return []
        }
        guard let position = matchingTransition(from: screen.id, on: actionID) else {
            if action.isBackward { return goBack(at: now) }
            return screen.isTerminal ? [.complete] : []
        }
        snapshot.issues = []
        snapshot.message = nil
        return runEffect(PendingMove(transition: position, effect: 0, requestID: 0), at: now)
    }

    private mutating func finish(_ outcome: EffectOutcome, at now: Date) -> [FlowCommand] {
        guard var pending = snapshot.pending, outcome.requestID == pending.requestID,
            let call = effectCall(for: pending)
        else { return [] }
        switch outcome.result {
        case .success(let values):
            for (key, value) in values { assign(key, value) }
            snapshot.effectTimes[call.name] = now
        case .failure(let code, let message):
            // An optional effect's failure, or one whose error proceeds (and says so), does not stop the move.
            let proceeds = call.errors?[code]?.proceeds == true
            guard call.optional == true || proceeds else {
                snapshot.pending = nil
                forgetSecrets(readBy: pending.transition)
                present(failure: code, message: message, of: call)
                return [.saveSnapshot]
            }
            if proceeds { present(failure: code, message: message, of: call) }
            snapshot.results["\(call.name).error"] = .string(code)
        }
        pending.effect += 1
        return runEffect(pending, at: now)
    }

    private mutating func goBack(at now: Date) -> [FlowCommand] {
        guard snapshot.pending == nil, screen.allowsBack ?? true, let previous = snapshot.history.popLast()
        else { return [] }
        snapshot.screen = previous
        snapshot.depth = max(0, snapshot.depth - 1)
        secrets = [:]
        forgottenSecrets = [:]
        fillInitialAnswers(for: screen, at: now)
        snapshot.issues = []
        snapshot.message = nil
        snapshot.completed = false
        return screenChangeCommands(for: screen, completing: false)
    }

    // MARK: - Moves

    private mutating func runEffect(_ pending: PendingMove, at now: Date) -> [FlowCommand] {
        var pending = pending
        while let call = effectCall(for: pending), let condition = call.when, !condition.holds(value) {
            pending.effect += 1
        }
        guard effectCall(for: pending) != nil else {
            snapshot.pending = nil
            guard flow.transitions.indices.contains(pending.transition) else { return [.saveSnapshot] }
            forgetSecrets(readBy: pending.transition)
            return move(along: flow.transitions[pending.transition], at: now)
        }
        pending.requestID = snapshot.nextRequestID
        snapshot.nextRequestID += 1
        snapshot.pending = pending
        guard let request = request(for: pending) else { return [] }
        return [.perform(request), .saveSnapshot]
    }

    private mutating func move(along transition: Transition, at now: Date) -> [FlowCommand] {
        if transition.resets != true {
            for (key, value) in transition.sets ?? [:] { assign(key, value) }
            for key in transition.clears ?? [] {
                snapshot.answers[key] = nil
                forget([key])
            }
        }
        let destination = transition.to ?? transition.branches?.first { $0.when?.holds(value) ?? true }?.to
        guard let destination, let next = index.screens[destination] else {
            snapshot.message = "Something went wrong. Please try again."
            return [.saveSnapshot]
        }
        if transition.resets == true {
            let nextRequestID = snapshot.nextRequestID
            snapshot = FlowSnapshot(flowID: flow.id, flowVersion: flow.version, screen: destination)
            snapshot.nextRequestID = nextRequestID
            secrets = [:]
            forgottenSecrets = [:]
            for (key, value) in transition.sets ?? [:] { assign(key, value) }
        } else if destination != snapshot.screen {
            if next.clearsHistory == true {
                snapshot.history = []
            } else {
                snapshot.history.append(snapshot.screen)
            }
            snapshot.depth += 1
            secrets = [:]
            forgottenSecrets = [:]
        } else if next.clearsHistory == true {
            snapshot.history = []
        }
        snapshot.screen = destination
        snapshot.completed = next.isTerminal
        fillInitialAnswers(for: next, at: now)
        return screenChangeCommands(for: next)
    }

    /// Forgets the secrets once a move that used them has finished, whether it succeeded or not.
    private mutating func forgetSecrets(readBy transition: Int) {
        if index.transitionsReadingSecrets.contains(transition) { forget(Array(secrets.keys)) }
    }

    /// Drops the secret answers held for `keys`, counting each one that was held.
    private mutating func forget(_ keys: [String]) {
        for key in keys where secrets.removeValue(forKey: key) != nil {
            forgottenSecrets[key, default: 0] += 1
        }
    }

    private mutating func present(failure code: String, message: String?, of call: EffectCall) {
        guard code != ErrorCode.cancelled.rawValue else { return }
        let known = call.errors?[code]
        let words = known?.message ?? message ?? "Something went wrong. Please try again."
        if let field = known?.field {
            snapshot.issues = [FieldIssue(field: field, code: code, message: words)]
        } else {
            snapshot.message = words
        }
    }

    /// Sets an answer (a secret one only in memory) or, for a key that is no field, a result.
    mutating func assign(_ key: String, _ value: Value?) {
        if index.secretFields.contains(key) {
            secrets[key] = value
        } else if index.fields[key] != nil {
            snapshot.answers[key] = value
        } else {
            snapshot.results[key] = value
        }
    }
}

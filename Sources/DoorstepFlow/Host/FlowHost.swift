import Foundation

/// The one loop that hosts the engine, in the app and on the web: it hands events to the engine,
/// runs the commands that come back — effects through the host's performer, each result fed back —
/// keeps the timers the screen asked for, and records the walk by ``FlowWalkAnalytics``' rules.
/// A host keeps the snapshot where it lives (device, browser session) when a step says so.
///
/// A step is a ``Run``: ``begin(_:at:)`` or ``beginEntering()``, then ``nextEffect(in:)`` and
/// ``finish(_:with:in:at:)`` for each effect, then ``end(_:)``. Each part is synchronous, so a host
/// that must stay responsive while an effect runs (an app's actor, which takes more taps and typing
/// meanwhile) keeps the host in place and awaits only the effect; ``handle(_:performer:now:)`` and
/// ``enter(performer:now:)`` drive a whole step for hosts that need not.
public struct FlowHost: Sendable {
    /// The engine, as of the last change.
    public private(set) var engine: FlowEngine
    /// Timers the screen asked for, by action, with their delays in seconds.
    public private(set) var timers: [String: Double] = [:]
    /// What the walk's recording remembers between steps.
    public var analytics: FlowWalkAnalytics

    /// Hosts `engine`.
    public init(engine: FlowEngine, analytics: FlowWalkAnalytics = FlowWalkAnalytics()) {
        self.engine = engine
        self.analytics = analytics
    }

    /// What one step did.
    public struct Step: Sendable, Hashable {
        /// The walk's events, in order.
        public var events: [FlowWalkEvent] = []
        /// Whether the engine asked for its snapshot to be kept.
        public var savesSnapshot = false
        /// Whether the person finished the flow: they tapped the action of its terminal screen (the
        /// trainer's "Start Training"), or reached a terminal screen that offers none. Not on
        /// arriving, which would skip the success screen the spec draws.
        public var finishes = false
        /// Whether an effect waits for the person elsewhere, still pending in the engine.
        public var isSuspended = false
    }

    /// A step under way.
    public struct Run: Sendable {
        fileprivate var queue: [FlowCommand]
        fileprivate let before: FlowEngine
        /// The event that began it; nil for a screen being entered.
        fileprivate let event: FlowEvent?
        /// Whether the engine took the event: a tap on a busy screen changes nothing; one refused for the
        /// screen's problems is taken, since they are shown again.
        fileprivate let accepted: Bool
        fileprivate var performedEffect = false
        fileprivate var step = Step()
    }

    /// Begins the step of `event`.
    public mutating func begin(_ event: FlowEvent, at now: Date) -> Run {
        let before = engine
        let commands = engine.handle(event, at: now)
        var run = Run(
            queue: commands, before: before, event: event,
            accepted: !commands.isEmpty || engine.snapshot != before.snapshot
                || Self.isRefusedForProblems(event, by: before, at: now))
        if before.screen.isTerminal, commands.contains(where: { if case .complete = $0 { true } else { false } }) {
            run.step.finishes = true
        }
        return run
    }

    /// Whether `event` is a tap the engine refused for the screen's problems. The person acted, so the
    /// problems count again even when the screen already showed them (after a field was left, or a
    /// tap before), as they do for a page's form sent again.
    private static func isRefusedForProblems(_ event: FlowEvent, by engine: FlowEngine, at now: Date) -> Bool {
        guard case .actionTapped(let id) = event, engine.snapshot.pending == nil,
            let action = engine.visibleAction(id), action.role != .timer
        else { return false }
        return !engine.issues(blocking: action, at: now).isEmpty
    }

    /// Begins entering the screen — at a launch, or when an effect that waited for the person
    /// elsewhere runs again on their return — and records it shown.
    public mutating func beginEntering() -> Run {
        var run = Run(queue: engine.enteringCommands(), before: engine, event: nil, accepted: true)
        run.step.events = analytics.shown(engine)
        return run
    }

    /// Does the run's commands up to its next effect, and returns that effect; nil when none is left.
    public mutating func nextEffect(in run: inout Run) -> EffectRequest? {
        while !run.queue.isEmpty {
            switch run.queue.removeFirst() {
            case .perform(let request):
                run.performedEffect = true
                return request
            case .scheduleTimer(let action, let after):
                timers[action] = after
            case .cancelTimers:
                timers = [:]
            case .saveSnapshot, .complete:
                run.step.savesSnapshot = true
            }
        }
        return nil
    }

    /// Feeds back how an effect ended; a suspended effect ends the run with the engine still waiting.
    public mutating func finish(
        _ request: EffectRequest, with outcome: FlowEffectDispatcher.Step, in run: inout Run, at now: Date
    ) {
        switch outcome {
        case .finished(let result):
            run.queue += engine.handle(.effectFinished(EffectOutcome(requestID: request.id, result: result)), at: now)
        case .suspended:
            run.step.isSuspended = true
            run.queue = []
        }
    }

    /// Ends the run: what it did, its walk recorded.
    public mutating func end(_ run: Run) -> Step {
        var step = run.step
        if engine.screen.isTerminal, !engine.visibleActions.contains(where: { $0.role != .timer }) {
            step.finishes = true
        }
        if let event = run.event {
            if run.accepted { step.events = analytics.stepped(event, from: run.before, to: engine) }
        } else if run.performedEffect {
            step.events += analytics.settled(engine)
        }
        return step
    }

    /// Hands `event` to the engine and runs the whole step.
    public mutating func handle<Performer: FlowEffectPerformer>(
        _ event: FlowEvent, performer: inout Performer, now: () -> Date
    ) async -> Step {
        var run = begin(event, at: now())
        return await drive(&run, performer: &performer, now: now)
    }

    /// Runs what the screen runs on entering, and records it shown.
    public mutating func enter<Performer: FlowEffectPerformer>(
        performer: inout Performer, now: () -> Date
    ) async -> Step {
        var run = beginEntering()
        return await drive(&run, performer: &performer, now: now)
    }

    private mutating func drive<Performer: FlowEffectPerformer>(
        _ run: inout Run, performer: inout Performer, now: () -> Date
    ) async -> Step {
        while let request = nextEffect(in: &run) {
            let outcome = await FlowEffectDispatcher.run(
                request, flow: engine.flow, answers: engine.snapshot.answers, on: &performer)
            finish(request, with: outcome, in: &run, at: now())
        }
        return end(run)
    }
}

import DoorstepFlow
import Foundation

/// Where the engine's snapshot is kept on the device between launches.
public protocol SnapshotStore: Sendable {
    func load(flowID: String) async throws -> FlowSnapshot?
    func save(_ snapshot: FlowSnapshot) async throws
    func clear(flowID: String) async throws
}

/// Snapshots kept in memory.
public actor InMemorySnapshotStore: SnapshotStore {
    private var snapshots: [String: FlowSnapshot] = [:]

    /// Creates an empty store.
    public init() {}

    public func load(flowID: String) async throws -> FlowSnapshot? { snapshots[flowID] }
    public func save(_ snapshot: FlowSnapshot) async throws { snapshots[snapshot.flowID] = snapshot }
    public func clear(flowID: String) async throws { snapshots[flowID] = nil }
}

/// An app running a flow against the server: the engine, the effect runner, the snapshot saved on
/// the device after every step and synced to the server when signed in, and the launch routing.
public actor FlowSession {
    public private(set) var engine: FlowEngine
    /// Where the launch landed.
    public let landing: LaunchLanding
    let runner: FlowEffectRunner
    let client: DoorstepClient
    let snapshots: any SnapshotStore
    let now: @Sendable () -> Date
    /// Where the walk is recorded for funnels, if the app records it.
    let events: FlowEventLog?
    /// The variant of the flow's experiment this install walks; `nil` when the flow has none.
    public nonisolated let variant: String?
    private var serverRevision: Int?
    /// Timers the engine asked for, by action, with their delays; hosts fire them (tests call ``fireTimer(_:)``).
    public private(set) var scheduledTimers: [String: Double] = [:]
    /// Whether the person has finished the flow: they tapped the action of its terminal screen (the
    /// trainer's "Start Training"), or reached a terminal screen that offers none. The app shows its
    /// home then — not on arriving, which would skip the success screen the spec draws.
    public private(set) var isFinished = false
    private var observers: [Int: AsyncStream<FlowEngine>.Continuation] = [:]
    private var nextObserver = 0

    /// Launches `flow`: restores the device's snapshot, asks the engine where to land, and runs any
    /// effect that was under way when the app was killed.
    public init(
        flow: FlowDefinition, client: DoorstepClient, device: any DeviceEffects = NoDeviceEffects(),
        snapshots: any SnapshotStore, events: FlowEventLog? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) async throws {
        let stored = try await snapshots.load(flowID: flow.id)
        let state = await client.authState
        let session: SessionState
        switch state {
        case .signedOut: session = .signedOut
        case .signedIn(_, let isGuest): session = SessionState(isSignedIn: true, isGuest: isGuest)
        }
        // The install id of the event log picks the variant; without one (no log, or opted out)
        // the control is walked.
        let installID = await events?.isOptedOut == false ? events?.installID : nil
        let assignment = flow.assigned(toInstall: installID)
        let launch = FlowEngine.launch(flow: assignment.definition, snapshot: stored, session: session)
        self.engine = launch.engine
        self.landing = launch.landing
        self.runner = FlowEffectRunner(client: client, device: device)
        self.client = client
        self.snapshots = snapshots
        self.events = events
        self.variant = assignment.variant
        self.now = now
        let before = engine.snapshot
        try await run(engine.enteringCommands())
        noteTerminalWithoutActions()
        await events?.record(.screenShown, flow: engine.flow, variant: variant, screen: before.screen)
        await report(nil, from: before)
    }

    /// The screen on display.
    public var screen: String { engine.screen.id }

    /// The engine as it changes: the current state first, then after every step — and as soon as an
    /// effect starts, so a screen shows its loading state, keeps its buttons from being pressed twice and
    /// plays its haptics while the server works. A slow reader gets the newest state.
    public func states() -> AsyncStream<FlowEngine> {
        let (stream, continuation) = AsyncStream.makeStream(of: FlowEngine.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.stopObserving(id) }
        }
        continuation.yield(engine)
        return stream
    }

    private func stopObserving(_ id: Int) {
        observers[id] = nil
    }

    private func publish() {
        for observer in observers.values { observer.yield(engine) }
    }

    /// Sets an answer, and keeps it on the device at once, so a kill loses nothing typed.
    public func answer(_ field: String, _ value: Value?) async throws {
        try await handle(.answerChanged(field: field, value: value))
        try await snapshots.save(engine.snapshot)
    }

    /// Taps an action and runs what follows, effects included.
    public func tap(_ action: String) async throws {
        try await handle(.actionTapped(action))
    }

    /// Fires a scheduled timer.
    public func fireTimer(_ action: String) async throws {
        try await handle(.timerFired(action))
    }

    /// Goes back.
    public func back() async throws {
        try await handle(.backTapped)
    }

    private func handle(_ event: FlowEvent) async throws {
        let before = engine.snapshot
        let wasTerminal = engine.screen.isTerminal
        defer { publish() }
        let commands = engine.handle(event, at: now())
        if wasTerminal, commands.contains(where: { if case .complete = $0 { true } else { false } }) {
            isFinished = true
        }
        try await run(commands)
        noteTerminalWithoutActions()
        await report(event, from: before)
    }

    /// A terminal screen with nothing to tap ends the flow on arrival.
    private func noteTerminalWithoutActions() {
        if engine.screen.isTerminal, !engine.visibleActions.contains(where: { $0.role != .timer }) {
            isFinished = true
        }
    }

    /// Records what a step did, for funnels: the first answer to a field (its id only), the action
    /// taken, errors that appeared, a new screen, the flow's end.
    private func report(_ event: FlowEvent?, from before: FlowSnapshot) async {
        guard let events else { return }
        let after = engine.snapshot
        let flow = engine.flow
        let variant = self.variant
        switch event {
        case .answerChanged(let field, let value?) where !value.isEmpty && before.answers[field] == nil:
            await events.record(.fieldAnswered, flow: flow, variant: variant, screen: before.screen, field: field)
        case .actionTapped(let action):
            await events.record(.action, flow: flow, variant: variant, screen: before.screen, action: action)
        default:
            break
        }
        for issue in after.issues where !before.issues.contains(issue) {
            await events.record(
                .errorShown, flow: flow, variant: variant, screen: after.screen, field: issue.field, code: issue.code)
        }
        if after.screen != before.screen {
            await events.record(.screenShown, flow: flow, variant: variant, screen: after.screen)
        }
        if after.completed, !before.completed {
            await events.record(.completed, flow: flow, variant: variant, screen: after.screen)
        }
    }

    private func run(_ commands: [FlowCommand]) async throws {
        var queue = commands
        while !queue.isEmpty {
            switch queue.removeFirst() {
            case .perform(let request):
                publish()
                let result = await runner.run(request, flow: engine.flow, answers: engine.snapshot.answers)
                queue += engine.handle(.effectFinished(EffectOutcome(requestID: request.id, result: result)), at: now())
            case .scheduleTimer(let action, let after):
                scheduledTimers[action] = after
            case .cancelTimers:
                scheduledTimers = [:]
            case .saveSnapshot:
                try await save()
            case .complete:
                try await save()
            }
        }
    }

    /// Saves the snapshot on the device, and on the server when someone is signed in (best effort:
    /// the device copy is the one a relaunch reads).
    private func save() async throws {
        let snapshot = engine.snapshot
        try await snapshots.save(snapshot)
        guard case .signedIn = await client.authState, snapshot.pending == nil else { return }
        if let revision = try? await client.saveProgress(snapshot, in: snapshot.flowID, baseRevision: serverRevision) {
            serverRevision = revision
        } else if let remote = try? await client.progress(in: snapshot.flowID) {
            serverRevision = remote.revision
        }
    }
}

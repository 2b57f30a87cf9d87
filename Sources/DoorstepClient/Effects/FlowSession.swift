import DoorstepAPI
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

/// An app running a flow against the server: the shared ``FlowHost`` walking the engine, effects
/// performed by a ``FlowEffectRunner``, the snapshot saved on the device after every step and synced
/// to the server when signed in, and the launch routing.
public actor FlowSession {
    private var host: FlowHost
    /// The engine, as of the last step.
    public var engine: FlowEngine { host.engine }
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
    public var scheduledTimers: [String: Double] { host.timers }
    /// Whether the person has finished the flow: they tapped the action of its terminal screen (the
    /// trainer's "Start Training"), or reached a terminal screen that offers none. The app shows its
    /// home then — not on arriving, which would skip the success screen the spec draws.
    public private(set) var isFinished = false
    private var observers: [Int: AsyncStream<FlowEngine>.Continuation] = [:]
    private var nextObserver = 0

    /// Launches `flow`: restores the device's snapshot, asks the engine where to land, and runs any
    /// effect that was under way when the app was killed.
    /// - Parameters:
    ///   - modules: the app's own effects the flow may call, such as ``TrainerModule``.
    ///   - timeZone: the person's, for what "now" and "today" are to date and time pickers and to "not
    ///     in the future"; the device's by default.
    public init(
        flow: FlowDefinition, client: DoorstepClient, device: any DeviceEffects = NoDeviceEffects(),
        modules: [any FlowModule] = [], snapshots: any SnapshotStore, events: FlowEventLog? = nil,
        timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
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
        var engine = launch.engine
        engine.timeZone = timeZone
        self.host = FlowHost(engine: engine)
        self.landing = launch.landing
        self.client = client
        self.snapshots = snapshots
        self.events = events
        self.variant = assignment.variant
        self.now = now
        self.runner = FlowEffectRunner(client: client, device: device, modules: modules)
        try await drive(host.beginEntering())
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

    /// The person left a field, or paused typing in it: a filled answer of the wrong form now shows its
    /// field's message (``FlowEvent/fieldLeft(_:)``).
    public func leave(_ field: String) async throws {
        try await handle(.fieldLeft(field))
    }

    /// Adds an entry to a list field, as its Add button does (``FlowEvent/itemAdded(field:item:)``), and
    /// keeps the walk on the device.
    public func add(_ item: String, to field: String) async throws {
        try await handle(.itemAdded(field: field, item: item))
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
        try await drive(host.begin(event, at: now()))
    }

    /// Runs one step of the shared host in place — observers see the engine busy while an effect
    /// runs, and a tap meanwhile meets that busy engine — then does what the step asks: records the
    /// walk, keeps the snapshot, tells observers.
    private func drive(_ run: FlowHost.Run) async throws {
        var run = run
        defer { publish() }
        while let request = host.nextEffect(in: &run) {
            publish()
            var runner = self.runner
            let outcome = await FlowEffectDispatcher.run(
                request, flow: engine.flow, answers: engine.snapshot.answers, on: &runner)
            host.finish(request, with: outcome, in: &run, at: now())
        }
        let step = host.end(run)
        if step.finishes { isFinished = true }
        if step.savesSnapshot { try await save() }
        await record(step.events)
    }

    private func record(_ walked: [FlowWalkEvent]) async {
        guard let events else { return }
        for event in walked {
            await events.record(
                Components.Schemas.Event._TypePayload(event.kind), flow: engine.flow,
                variant: variant, screen: event.screen, field: event.field, action: event.action, code: event.code)
        }
    }

    /// Saves the snapshot on the device, and on the server when someone is signed in (best effort:
    /// the device copy is the one a relaunch reads).
    private func save() async throws {
        let snapshot = engine.snapshot
        try await snapshots.save(snapshot)
        guard case .signedIn = await client.authState else { return }
        let client = self.client
        serverRevision = await ProgressSync.sync(
            snapshot, lastSeen: serverRevision,
            save: { try await client.saveProgress(snapshot, in: snapshot.flowID, baseRevision: $0) },
            currentRevision: { try await client.progress(in: snapshot.flowID)?.revision })
    }
}

extension Components.Schemas.Event._TypePayload {
    init(_ kind: FlowWalkEvent.Kind) {
        switch kind {
        case .screenShown: self = .screenShown
        case .fieldAnswered: self = .fieldAnswered
        case .action: self = .action
        case .errorShown: self = .errorShown
        case .completed: self = .completed
        }
    }
}

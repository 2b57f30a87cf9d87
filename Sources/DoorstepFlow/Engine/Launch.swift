/// What a launch knows about the person before any screen shows.
public struct SessionState: Codable, Sendable, Hashable {
    /// Whether a session (tokens) is stored.
    public var isSignedIn: Bool
    /// Whether that session belongs to a guest.
    public var isGuest: Bool

    /// Creates a session state.
    public init(isSignedIn: Bool, isGuest: Bool = false) {
        self.isSignedIn = isSignedIn
        self.isGuest = isGuest
    }

    /// Nobody is signed in.
    public static let signedOut = SessionState(isSignedIn: false)
}

/// Where a launch lands, as the flow's entry rules decide.
public enum LaunchLanding: Sendable, Hashable {
    /// A first run: the flow's start screen.
    case start
    /// Back where the person was when the app was closed.
    case resume(screen: String)
    /// A screen the rules name, such as home or sign-in.
    case screen(String)
}

extension FlowEngine {
    /// The engine for a launch, and where it lands.
    public struct Launch: Sendable {
        /// The engine, positioned where the launch lands.
        public var engine: FlowEngine
        /// Where it landed.
        public var landing: LaunchLanding
    }

    /// Decides where a launch lands from the stored snapshot and session, by the flow's entry rules.
    ///
    /// Rules read `snapshot.exists`, `snapshot.completed`, `session.active`, `session.isGuest` and the
    /// stored answers; these session keys stay readable by the flow's conditions afterwards. Without a
    /// matching rule a launch resumes an unfinished snapshot (unless its screen needs a session that is
    /// gone), lands on the terminal screen of a completed one, or starts afresh. A snapshot that cannot
    /// be migrated keeps its answers for the fields that still exist and starts afresh.
    public static func launch(flow: FlowDefinition, snapshot stored: FlowSnapshot?, session: SessionState) -> Launch {
        let index = FlowIndex(flow)
        var restored: FlowSnapshot? = nil
        var salvaged: [String: Value] = [:]
        if let stored {
            do {
                restored = try SnapshotMigrator.migrate(stored, to: flow)
            } catch {
                salvaged = salvage(stored, for: flow)
            }
        }
        let facts: [String: Value] = [
            "snapshot.exists": .bool(stored != nil),
            "snapshot.completed": .bool(restored?.completed ?? false),
            "session.active": .bool(session.isSignedIn),
            "session.isGuest": .bool(session.isGuest),
        ]
        let lookup: (String) -> Value? = { (restored?.answers ?? salvaged)[$0] ?? facts[$0] ?? restored?.results[$0] }
        let rule = flow.entry.first { $0.when?.holds(lookup) ?? true }
        let go = rule?.go ?? (restored.map { $0.completed ? $0.screen : "resume" } ?? "start")

        var snapshot = FlowSnapshot(startOf: flow)
        snapshot.answers = restored?.answers ?? salvaged
        snapshot.results = restored?.results ?? [:]
        let landing: LaunchLanding
        let resumable = restored.map {
            !$0.completed && (session.isSignedIn || index.screens[$0.screen]?.requiresSession != true)
        }
        if go == "resume", let restored, resumable == true {
            snapshot = restored
            landing = .resume(screen: restored.screen)
        } else if let target = index.screens[go] {
            snapshot.screen = target.id
            snapshot.completed = target.isTerminal
            landing = .screen(target.id)
        } else {
            landing = .start
        }
        for (key, value) in facts { snapshot.results[key] = value }
        var engine = FlowEngine(flow: flow, index: index, snapshot: snapshot)
        engine.fillInitialAnswers(for: engine.screen)
        return Launch(engine: engine, landing: landing)
    }

    /// The answers of a snapshot that cannot be migrated which still fit the flow's fields.
    private static func salvage(_ stored: FlowSnapshot, for flow: FlowDefinition) -> [String: Value] {
        guard stored.flowID == flow.id else { return [:] }
        let fields = Set(flow.fields.map(\.id))
        return stored.answers.filter { fields.contains($0.key) }
    }
}

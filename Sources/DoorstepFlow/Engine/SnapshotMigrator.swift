/// Why a saved snapshot cannot be brought forward to a flow.
public enum SnapshotMigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The snapshot belongs to another flow.
    case differentFlow(snapshot: String, flow: String)
    /// The snapshot was saved by a newer version than the flow at hand.
    case newerVersion(snapshot: Int, flow: Int)

    public var description: String {
        switch self {
        case .differentFlow(let snapshot, let flow):
            return "the snapshot belongs to flow \"\(snapshot)\", not \"\(flow)\""
        case .newerVersion(let snapshot, let flow):
            return "the snapshot was saved by version \(snapshot), newer than version \(flow)"
        }
    }
}

/// Brings a snapshot saved by an older version of a flow forward, step by step, by the flow's declared
/// rules: renamed and removed screens, renamed and moved fields, removed fields.
public enum SnapshotMigrator {
    /// The snapshot as the current version of `flow` understands it.
    public static func migrate(_ snapshot: FlowSnapshot, to flow: FlowDefinition) throws(SnapshotMigrationError)
        -> FlowSnapshot
    {
        guard snapshot.flowID == flow.id else {
            throw .differentFlow(snapshot: snapshot.flowID, flow: flow.id)
        }
        guard snapshot.flowVersion <= flow.version else {
            throw .newerVersion(snapshot: snapshot.flowVersion, flow: flow.version)
        }
        guard snapshot.flowVersion < flow.version else {
            // Saved by another variant of this version (the install's assignment changed): keep
            // what this variant shows, as for a screen a newer version removed.
            let screens = Set(flow.screens.map(\.id))
            guard !screens.contains(snapshot.screen) || !snapshot.history.allSatisfy(screens.contains) else {
                return snapshot
            }
            var settled = snapshot
            settle(&settled, in: flow)
            return settled
        }
        var migrated = snapshot
        for step in flow.migrations.sorted(by: { $0.from < $1.from }) where step.from >= snapshot.flowVersion {
            apply(step, to: &migrated)
        }
        settle(&migrated, in: flow)
        return migrated
    }

    private static func apply(_ step: Migration, to snapshot: inout FlowSnapshot) {
        let screens = step.screens ?? [:]
        snapshot.screen = screens[snapshot.screen] ?? snapshot.screen
        snapshot.history = snapshot.history.map { screens[$0] ?? $0 }
        for (old, new) in step.fields ?? [:] {
            if let answer = snapshot.answers.removeValue(forKey: old) { snapshot.answers[new] = answer }
        }
        for removed in step.removedFields ?? [] { snapshot.answers[removed] = nil }
        snapshot.issues = []
    }

    /// Keeps only what the current version still has: known screens and fields. A move that was under
    /// way is dropped (its transition may have changed), so the person taps again.
    private static func settle(_ snapshot: inout FlowSnapshot, in flow: FlowDefinition) {
        let screens = Set(flow.screens.map(\.id))
        let fields = Set(flow.fields.map(\.id))
        var history: [String] = []
        for screen in snapshot.history where screens.contains(screen) && history.last != screen {
            history.append(screen)
        }
        if !screens.contains(snapshot.screen) {
            snapshot.screen = history.popLast() ?? flow.start
        }
        if history.last == snapshot.screen { history.removeLast() }
        snapshot.history = history
        snapshot.depth = max(snapshot.depth, history.count)
        snapshot.answers = snapshot.answers.filter { fields.contains($0.key) }
        snapshot.pending = nil
        snapshot.message = nil
        snapshot.completed = flow.screen(snapshot.screen)?.isTerminal ?? false
        snapshot.flowVersion = flow.version
    }
}

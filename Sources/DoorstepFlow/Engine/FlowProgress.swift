/// Where a person stands, as a progress indicator draws it.
public struct FlowProgress: Sendable, Hashable {
    /// One segment (or dot) of the indicator.
    public struct Segment: Sendable, Hashable {
        /// The section it stands for.
        public var section: String
        /// The section's label, if it has one.
        public var label: String?
        /// How full it is, from 0 to 1.
        public var fill: Double
        /// Whether the current screen is in it.
        public var isCurrent: Bool
    }

    /// The indicator the current screen belongs to, or `nil` when it shows none.
    public var track: ProgressTrack?
    /// Its segments in order.
    public var segments: [Segment]
    /// The current section's label, for a top bar.
    public var label: String?
    /// How far through the whole flow, from 0 to 1 (1 on a terminal screen).
    public var fraction: Double
}

extension FlowEngine {
    /// Progress at the current screen, computed along the path the person took and the path ahead as
    /// their answers so far predict it, so that it stays right when the flow branches.
    public var progress: FlowProgress {
        let ahead = PathPredictor(engine: self).pathAhead()
        let path = snapshot.history + [snapshot.screen] + ahead
        let position = snapshot.history.count
        let fraction = screen.isTerminal ? 1.0 : Double(snapshot.depth) / Double(snapshot.depth + max(1, ahead.count))
        guard let section = screen.section, let track = index.sectionTracks[section], !track.sections.isEmpty else {
            return FlowProgress(track: nil, segments: [], label: nil, fraction: fraction)
        }
        let sections = path.map { index.screens[$0]?.section }
        let currentSection = track.sections.firstIndex(of: section) ?? 0
        let segments = track.sections.enumerated().map { offset, id in
            let label = flow.sections.first { $0.id == id }?.label
            let fill: Double
            if offset < currentSection {
                fill = 1
            } else if offset > currentSection {
                fill = 0
            } else if track.style == .segmented {
                // A step's bar fills as the step is reached, however many screens it has.
                fill = 1
            } else {
                let total = sections.filter { $0 == id }.count
                let done = sections[...position].filter { $0 == id }.count
                fill = total == 0 ? 1 : Double(done) / Double(total)
            }
            return FlowProgress.Segment(section: id, label: label, fill: fill, isCurrent: offset == currentSection)
        }
        return FlowProgress(track: track, segments: segments, label: segments[currentSection].label, fraction: fraction)
    }
}

/// Predicts the screens ahead by following each screen's forward action with the answers given so far.
struct PathPredictor {
    let engine: FlowEngine
    var limit = 500

    /// The screens after the current one, up to the first terminal screen or repeat.
    func pathAhead() -> [String] {
        var path: [String] = []
        var seen: Set<String> = Set(engine.snapshot.history + [engine.snapshot.screen])
        var current = engine.screen
        while !current.isTerminal, path.count < limit, let next = nextScreen(after: current), !seen.contains(next.id) {
            path.append(next.id)
            seen.insert(next.id)
            current = next
        }
        return path
    }

    private func nextScreen(after screen: Screen) -> Screen? {
        for action in forwardActions(of: screen) {
            guard let position = engine.matchingTransition(from: screen.id, on: action.id) else { continue }
            let transition = engine.flow.transitions[position]
            let destination =
                transition.to
                ?? transition.branches?.first { $0.when?.holds(engine.value) ?? true }?.to
                ?? transition.branches?.last?.to
            if let destination, destination != screen.id, let next = engine.index.screens[destination] {
                return next
            }
        }
        return nil
    }

    private func forwardActions(of screen: Screen) -> [Action] {
        Action.forwardRoles.flatMap { role in screen.actions.filter { $0.role == role && engine.isVisible($0) } }
    }
}

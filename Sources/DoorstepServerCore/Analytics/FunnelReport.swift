import DoorstepFlow
import Foundation

/// Where people who opened a flow went: per screen, how many installs reached it, moved on and
/// dropped off, and how long they stayed; per variant, how many finished.
public struct FunnelReport: Sendable, Equatable, Codable {
    /// One screen of the flow.
    public struct Step: Sendable, Equatable, Codable {
        public var screen: String
        /// Installs that saw the screen.
        public var reached: Int
        /// Installs that saw another screen after it, or finished: a branch taken is moving on.
        public var movedOn: Int
        /// Installs for which it was the last screen and that did not finish.
        public var droppedOff: Int
        /// The median time from showing the screen to showing the next, in seconds.
        public var medianSeconds: Double?
    }

    /// How one variant of the flow converts, with a 95 % Wilson interval.
    public struct VariantResult: Sendable, Equatable, Codable {
        public var variant: String
        public var installs: Int
        public var completed: Int
        public var conversion: Double
        public var low: Double
        public var high: Double
    }

    public var flowID: String
    /// Installs with at least one event in the window.
    public var installs: Int
    public var completed: Int
    public var completionRate: Double
    public var steps: [Step]
    public var variants: [VariantResult]
    /// The variant with the best conversion when its interval clears every other's; nil while the
    /// data cannot tell them apart.
    public var leader: String?

    enum CodingKeys: String, CodingKey {
        case flowID = "flowId"
        case installs, completed, completionRate, steps, variants, leader
    }

    /// The variant name of installs that walked the flow as written.
    public static let control = "control"

    /// Builds the report from a flow's events. Screens come in the flow's order; only screens some
    /// install reached are listed.
    public init(flow: FlowDefinition, events: [AnalyticsEventRecord]) {
        let walks = Dictionary(grouping: events, by: \.installID).values.map { events in
            // The device's time orders a walk across launches; the sequence orders events of one moment.
            events.sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        }
        var reached: [String: Int] = [:]
        var movedOn: [String: Int] = [:]
        var durations: [String: [Double]] = [:]
        var byVariant: [String: (installs: Int, completed: Int)] = [:]
        var completed = 0
        for walk in walks {
            let finished = walk.contains { $0.kind == .completed }
            if finished { completed += 1 }
            let variant = walk.first?.variant ?? Self.control
            byVariant[variant, default: (0, 0)].installs += 1
            if finished { byVariant[variant, default: (0, 0)].completed += 1 }
            let shown = walk.filter { $0.kind == .screenShown || $0.kind == .completed }
            var seen: Set<String> = []
            for (index, event) in shown.enumerated() where event.kind == .screenShown {
                guard seen.insert(event.screen).inserted else { continue }
                reached[event.screen, default: 0] += 1
                // An install that finished dropped off nowhere, whichever screen it saw last (a client
                // may record the end before showing the final screen).
                guard index + 1 < shown.count else {
                    if finished { movedOn[event.screen, default: 0] += 1 }
                    continue
                }
                movedOn[event.screen, default: 0] += 1
                let seconds = shown[index + 1].at.timeIntervalSince(event.at)
                if seconds >= 0 { durations[event.screen, default: []].append(seconds) }
            }
        }
        self.flowID = flow.id
        self.installs = walks.count
        self.completed = completed
        self.completionRate = walks.isEmpty ? 0 : Double(completed) / Double(walks.count)
        self.steps = flow.screens.compactMap { screen in
            guard let count = reached[screen.id] else { return nil }
            let moved = movedOn[screen.id] ?? 0
            return Step(
                screen: screen.id, reached: count, movedOn: moved, droppedOff: count - moved,
                medianSeconds: Self.median(durations[screen.id] ?? []))
        }
        self.variants = byVariant.keys.sorted().map { name in
            let (installs, completed) = byVariant[name]!
            let (low, high) = Self.wilsonInterval(successes: completed, trials: installs)
            return VariantResult(
                variant: name, installs: installs, completed: completed,
                conversion: installs == 0 ? 0 : Double(completed) / Double(installs), low: low, high: high)
        }
        self.leader = Self.leader(of: variants)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The 95 % Wilson score interval of a proportion: honest for small counts and rates near 0 or 1.
    static func wilsonInterval(successes: Int, trials: Int) -> (low: Double, high: Double) {
        guard trials > 0 else { return (0, 0) }
        let z = 1.959_963_984_540_054
        let n = Double(trials)
        let p = Double(successes) / n
        let denominator = 1 + z * z / n
        let centre = (p + z * z / (2 * n)) / denominator
        let margin = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / denominator
        return (max(0, centre - margin), min(1, centre + margin))
    }

    static func leader(of variants: [VariantResult]) -> String? {
        guard variants.count > 1, let best = variants.max(by: { $0.conversion < $1.conversion }) else { return nil }
        let clears = variants.allSatisfy { $0.variant == best.variant || best.low > $0.high }
        return clears ? best.variant : nil
    }
}

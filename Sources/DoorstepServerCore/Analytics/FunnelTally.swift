import Foundation

/// The counts a funnel is drawn from, for any set of walks: per screen, installs that reached it and
/// moved on, and how long they stayed; per variant, installs and finishes. Tallies add up, so a day's
/// walks are kept as one tally once their raw events are compacted, and a funnel over a month is
/// the sum of its days.
public struct FunnelTally: Sendable, Equatable, Codable {
    /// One screen's counts.
    public struct Step: Sendable, Equatable, Codable {
        public var reached = 0
        public var movedOn = 0
        /// Times from showing the screen to showing the next, in tenths of a second, to how many
        /// installs took that long: medians stay exact to 0.1 s however many days are added.
        public var tenths: [Int: Int] = [:]

        mutating func add(_ other: Step) {
            reached += other.reached
            movedOn += other.movedOn
            tenths.merge(other.tenths, uniquingKeysWith: +)
        }

        /// The median time on the screen, in seconds.
        var medianSeconds: Double? {
            let total = tenths.values.reduce(0, +)
            guard total > 0 else { return nil }
            let sorted = tenths.sorted { $0.key < $1.key }
            func value(atRank rank: Int) -> Int {
                var seen = 0
                for (tenth, count) in sorted {
                    seen += count
                    if seen > rank { return tenth }
                }
                return sorted.last!.key
            }
            let middle = total / 2
            let tenths =
                total.isMultiple(of: 2)
                ? Double(value(atRank: middle - 1) + value(atRank: middle)) / 2
                : Double(value(atRank: middle))
            return tenths / 10
        }
    }

    /// One variant's installs and how many of them finished.
    public struct Conversion: Sendable, Equatable, Codable {
        public var installs = 0
        public var completed = 0
    }

    public var installs = 0
    public var completed = 0
    public var steps: [String: Step] = [:]
    public var variants: [String: Conversion] = [:]

    /// The longest time on a screen that is kept as measured; longer stays count as this (a day).
    static let longestTenths = 864_000

    /// An empty tally.
    public init() {}

    /// The tally of these walks, each the events of one install in one flow.
    public init<Walks: Sequence>(walks: Walks) where Walks.Element == [AnalyticsEventRecord] {
        for walk in walks { add(walk: walk) }
    }

    /// Adds another tally.
    public mutating func add(_ other: FunnelTally) {
        installs += other.installs
        completed += other.completed
        steps.merge(other.steps) { mine, theirs in
            var sum = mine
            sum.add(theirs)
            return sum
        }
        variants.merge(other.variants) {
            Conversion(installs: $0.installs + $1.installs, completed: $0.completed + $1.completed)
        }
    }

    /// Adds one install's walk: its events in any order.
    public mutating func add(walk events: [AnalyticsEventRecord]) {
        guard !events.isEmpty else { return }
        // The device's time orders a walk across launches; the sequence orders events of one moment.
        let walk = events.sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        let finished = walk.contains { $0.kind == .completed }
        installs += 1
        let variant = walk.first?.variant ?? FunnelReport.control
        variants[variant, default: Conversion()].installs += 1
        if finished {
            completed += 1
            variants[variant, default: Conversion()].completed += 1
        }
        let shown = walk.filter { $0.kind == .screenShown || $0.kind == .completed }
        var seen: Set<String> = []
        for (index, event) in shown.enumerated() where event.kind == .screenShown {
            guard seen.insert(event.screen).inserted else { continue }
            steps[event.screen, default: Step()].reached += 1
            // An install that finished dropped off nowhere, whichever screen it saw last (a client
            // may record the end before showing the final screen).
            guard index + 1 < shown.count else {
                if finished { steps[event.screen, default: Step()].movedOn += 1 }
                continue
            }
            steps[event.screen, default: Step()].movedOn += 1
            let seconds = shown[index + 1].at.timeIntervalSince(event.at)
            if seconds >= 0 {
                let tenths = min(Int((seconds * 10).rounded()), Self.longestTenths)
                steps[event.screen, default: Step()].tenths[tenths, default: 0] += 1
            }
        }
    }
}

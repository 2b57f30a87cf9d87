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
        /// Times from showing the screen to showing the next, and how many installs took each.
        public var tenths = TenthsHistogram()

        public init() {}

        private enum CodingKeys: String, CodingKey { case reached, movedOn, tenths }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            reached = try container.decode(Int.self, forKey: .reached)
            movedOn = try container.decode(Int.self, forKey: .movedOn)
            guard let tenths = TenthsHistogram(text: try container.decode(String.self, forKey: .tenths)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .tenths, in: container, debugDescription: "not a list of tenths:count pairs")
            }
            self.tenths = tenths
        }

        /// `tenths` is written as its ``TenthsHistogram/text``: a month of days is read for every funnel.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reached, forKey: .reached)
            try container.encode(movedOn, forKey: .movedOn)
            try container.encode(tenths.text, forKey: .tenths)
        }

        mutating func add(_ other: Step) {
            reached += other.reached
            movedOn += other.movedOn
            tenths.add(other.tenths)
        }

        /// The median time on the screen, in seconds.
        var medianSeconds: Double? { tenths.median.map { $0 / 10 } }
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
    public init<Walks: Sequence>(walks: Walks) where Walks.Element == [WalkEvent] {
        for walk in walks { add(walk: walk) }
    }

    /// The tally of events ordered by install, as ``AnalyticsRepository/walkEvents(flowID:from:to:)``
    /// reads them: each run of one install's events is a walk.
    public init(eventsByInstall events: [WalkEvent]) {
        var start = events.startIndex
        while start < events.endIndex {
            let installID = events[start].installID
            var end = start + 1
            while end < events.endIndex, events[end].installID == installID { end += 1 }
            add(walk: Array(events[start..<end]))
            start = end
        }
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

    /// Adds one install's walk: its events in any order, of which only screens shown and finishes
    /// count (``WalkEvent/funnelKinds``); a walk with neither adds nothing.
    public mutating func add(walk events: [WalkEvent]) {
        // The device's time orders a walk across launches; the sequence orders events of one moment.
        let shown = events.filter(\.isFunnelStep).sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        guard let first = shown.first else { return }
        let finished = shown.contains { $0.kind == .completed }
        installs += 1
        let variant = first.variant ?? FunnelReport.control
        variants[variant, default: Conversion()].installs += 1
        if finished {
            completed += 1
            variants[variant, default: Conversion()].completed += 1
        }
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
                steps[event.screen, default: Step()].tenths.record(tenths)
            }
        }
    }
}

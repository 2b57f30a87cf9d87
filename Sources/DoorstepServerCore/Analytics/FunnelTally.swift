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

        public init() {}

        private enum CodingKeys: String, CodingKey { case reached, movedOn, tenths }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            reached = try container.decode(Int.self, forKey: .reached)
            movedOn = try container.decode(Int.self, forKey: .movedOn)
            let text = try container.decode(String.self, forKey: .tenths)
            guard let tenths = Self.tenths(from: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .tenths, in: container, debugDescription: "not a list of tenths:count pairs")
            }
            self.tenths = tenths
        }

        /// `tenths` is written as text, `"25:3 40:1"`: a month of days is read for every funnel, and
        /// text parses an order of magnitude faster than a JSON array of numbers.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reached, forKey: .reached)
            try container.encode(movedOn, forKey: .movedOn)
            let pairs = tenths.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
            try container.encode(pairs.joined(separator: " "), forKey: .tenths)
        }

        static func tenths(from text: String) -> [Int: Int]? {
            var tenths: [Int: Int] = [:]
            var key = 0
            var value = 0
            var readingValue = false
            var digits = 0
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let digit = Int(byte - UInt8(ascii: "0"))
                    guard digits < 12 else { return nil }
                    digits += 1
                    if readingValue { value = value * 10 + digit } else { key = key * 10 + digit }
                case UInt8(ascii: ":") where !readingValue && digits > 0:
                    readingValue = true
                    digits = 0
                case UInt8(ascii: " ") where readingValue && digits > 0:
                    tenths[key, default: 0] += value
                    (key, value, readingValue, digits) = (0, 0, false, 0)
                default:
                    return nil
                }
            }
            if readingValue && digits > 0 {
                tenths[key, default: 0] += value
            } else if digits > 0 || readingValue {
                return nil
            }
            return tenths
        }

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

    /// Adds one install's walk: its events in any order.
    public mutating func add(walk events: [WalkEvent]) {
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

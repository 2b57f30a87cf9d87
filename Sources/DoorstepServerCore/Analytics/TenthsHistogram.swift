/// How many installs stayed how long on a screen, in tenths of a second: medians stay exact to 0.1 s
/// however many days are added.
///
/// Kept as counts in ascending order of time, not hashed: a funnel over a month adds up hundreds of
/// thousands of counts from its days, and sorted runs add up in one pass through both, while the
/// text a day is stored as is read straight into them.
public struct TenthsHistogram: Sendable {
    /// The counted times in order.
    private var runs = Runs()
    /// Times recorded since, in the order they came: sorted into `runs` only when read or added, so
    /// counting a day's walks one time after another costs a sort, not an insertion each.
    private var unsorted: [Int] = []

    /// An empty histogram.
    public init() {}

    /// The histogram of these times, each counted once.
    public init(_ tenths: some Sequence<Int>) {
        unsorted = Array(tenths)
    }

    /// Whether no time is counted.
    public var isEmpty: Bool { runs.times.isEmpty && unsorted.isEmpty }

    /// Counts one install that took `tenth`.
    public mutating func record(_ tenth: Int) {
        unsorted.append(tenth)
    }

    /// Adds another histogram's counts, in one pass through both.
    public mutating func add(_ other: TenthsHistogram) {
        guard !other.isEmpty else { return }
        runs = isEmpty ? other.settled : settled.merged(with: other.settled)
        unsorted = []
    }

    /// The median time, in tenths of a second (halfway between the middle two for an even count).
    public var median: Double? {
        let settled = settled
        let total = settled.counts.reduce(0, +)
        guard total > 0 else { return nil }
        func time(atRank rank: Int) -> Int {
            var seen = 0
            for (time, count) in zip(settled.times, settled.counts) {
                seen += count
                if seen > rank { return time }
            }
            return settled.times[settled.times.count - 1]
        }
        let middle = total / 2
        return total.isMultiple(of: 2)
            ? Double(time(atRank: middle - 1) + time(atRank: middle)) / 2 : Double(time(atRank: middle))
    }

    /// Every count in order.
    private var settled: Runs {
        unsorted.isEmpty ? runs : runs.merged(with: Runs(sorting: unsorted))
    }

    /// Distinct times ascending, each with how many installs took it.
    private struct Runs: Sendable, Equatable {
        var times: [Int] = []
        var counts: [Int] = []

        init() {}

        /// The runs of `unsorted` once sorted.
        init(sorting unsorted: [Int]) {
            for time in unsorted.sorted() { count(time, times: 1) }
        }

        /// Counts `count` installs at `time`: appended when it is the slowest yet, as stored text and
        /// sorted input always are; put in its place otherwise.
        mutating func count(_ time: Int, times count: Int) {
            if let last = times.last, last >= time {
                let position = firstPosition(notBefore: time)
                if times[position] == time {
                    counts[position] += count
                } else {
                    times.insert(time, at: position)
                    counts.insert(count, at: position)
                }
            } else {
                times.append(time)
                counts.append(count)
            }
        }

        /// These runs and `other`'s added up, in one pass through both.
        func merged(with other: Runs) -> Runs {
            var merged = Runs()
            merged.times.reserveCapacity(times.count + other.times.count)
            merged.counts.reserveCapacity(times.count + other.times.count)
            var mine = 0
            var theirs = 0
            while mine < times.count && theirs < other.times.count {
                let (time, theirTime) = (times[mine], other.times[theirs])
                merged.times.append(min(time, theirTime))
                merged.counts.append(
                    (time <= theirTime ? counts[mine] : 0) + (theirTime <= time ? other.counts[theirs] : 0))
                if time <= theirTime { mine += 1 }
                if theirTime <= time { theirs += 1 }
            }
            merged.times += times[mine...]
            merged.counts += counts[mine...]
            merged.times += other.times[theirs...]
            merged.counts += other.counts[theirs...]
            return merged
        }

        /// The position of the first time at or after `time`.
        private func firstPosition(notBefore time: Int) -> Int {
            var low = 0
            var high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < time { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}

extension TenthsHistogram: Equatable {
    /// Histograms are equal when they count the same times, whatever order they were recorded in.
    public static func == (lhs: TenthsHistogram, rhs: TenthsHistogram) -> Bool {
        lhs.settled == rhs.settled
    }
}

extension TenthsHistogram {
    /// The histogram as stored: `"25:3 40:1"`, time and count pairs fastest first. Text parses an
    /// order of magnitude faster than a JSON array of numbers.
    public var text: String {
        let settled = settled
        return zip(settled.times, settled.counts).map { "\($0):\($1)" }.joined(separator: " ")
    }

    /// Reads ``text``; nil when it is not a list of `time:count` pairs of whole numbers. Pairs out
    /// of order or repeated are counted where they belong.
    public init?(text: String) {
        var time = 0
        var count = 0
        var readingCount = false
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 12 else { return nil }
                digits += 1
                let digit = Int(byte - UInt8(ascii: "0"))
                if readingCount { count = count * 10 + digit } else { time = time * 10 + digit }
            case UInt8(ascii: ":") where !readingCount && digits > 0:
                readingCount = true
                digits = 0
            case UInt8(ascii: " ") where readingCount && digits > 0:
                runs.count(time, times: count)
                (time, count, readingCount, digits) = (0, 0, false, 0)
            default:
                return nil
            }
        }
        if readingCount && digits > 0 {
            runs.count(time, times: count)
        } else if digits > 0 || readingCount {
            return nil
        }
    }
}

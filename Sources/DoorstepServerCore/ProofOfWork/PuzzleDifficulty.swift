import Foundation
import Synchronization

/// How hard the next puzzle is: `base` bits while puzzles are asked for at a person's pace, one bit
/// more (twice the work) each time the last minute's count doubles past `calmPerMinute`, up to
/// `maximum`. A script that asks for thousands of puzzles makes its own, and everyone's, cost more
/// for a while; at 14 bits a person's browser works a fraction of a second.
public final class PuzzleDifficulty: Sendable {
    /// The difficulty while calm.
    public let base: Int
    /// The difficulty never goes above this.
    public let maximum: Int
    /// Puzzles a minute this instance hands out before it raises the difficulty.
    public let calmPerMinute: Int
    /// Puzzles handed out, by the 10-second slot they fell in.
    private let slots = Mutex<[Int: Int]>([:])

    /// Creates the rule.
    public init(base: Int = 14, maximum: Int = 22, calmPerMinute: Int = 120) {
        self.base = base
        self.maximum = max(base, maximum)
        self.calmPerMinute = max(1, calmPerMinute)
    }

    /// The difficulty of a puzzle handed out at `now`, counting it.
    public func next(at now: Date) -> Int {
        let slot = Int(now.timeIntervalSince1970 / 10)
        let recent = slots.withLock { slots in
            slots[slot, default: 0] += 1
            slots = slots.filter { $0.key > slot - 6 }
            return slots.values.reduce(0, +)
        }
        return difficulty(forPuzzlesInLastMinute: recent)
    }

    /// The difficulty for a minute in which `count` puzzles were handed out.
    public func difficulty(forPuzzlesInLastMinute count: Int) -> Int {
        var extra = 0
        var threshold = calmPerMinute
        while count > threshold, base + extra < maximum {
            extra += 1
            threshold *= 2
        }
        return base + extra
    }
}

import DoorstepServerCore
import Foundation
import Synchronization

/// A clock tests move by hand, so expiry and rate limits are tested without sleeping.
public final class ManualClock: WallClock {
    private let current: Mutex<Date>

    /// Creates a clock showing `start`.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_790_000_000)) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

import Foundation
import Synchronization

/// Counts requests per key in fixed windows and says how long to wait once a limit is reached.
/// Time is passed in, so tests move it by hand.
public final class RateLimiter: Sendable {
    /// How many requests a key may make per window.
    public struct Limit: Sendable, Hashable {
        public var requests: Int
        public var window: TimeInterval

        /// Creates a limit.
        public init(requests: Int, per window: TimeInterval) {
            self.requests = requests
            self.window = window
        }
    }

    private struct Window {
        var start: Date
        var count: Int
    }

    private let windows = Mutex<[String: Window]>([:])
    private let maximumKeys: Int

    /// Creates a limiter that forgets finished windows once it tracks `maximumKeys` keys.
    public init(maximumKeys: Int = 100_000) {
        self.maximumKeys = maximumKeys
    }

    /// Counts one request for `key`; returns the seconds to wait when it is over the limit.
    public func check(_ key: String, limit: Limit, now: Date) -> Int? {
        windows.withLock { windows in
            if windows.count >= maximumKeys {
                windows = windows.filter { now.timeIntervalSince($0.value.start) < limit.window }
            }
            var window = windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= limit.window {
                window = Window(start: now, count: 0)
            }
            guard window.count < limit.requests else {
                let wait = window.start.addingTimeInterval(limit.window).timeIntervalSince(now)
                return max(1, Int(wait.rounded(.up)))
            }
            window.count += 1
            windows[key] = window
            return nil
        }
    }
}

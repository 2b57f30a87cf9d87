import Foundation

/// Where services read the current time. Logic never calls `Date()`; the composition root passes the
/// system clock and tests pass a clock they move by hand.
public protocol WallClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// The machine's clock.
public struct SystemWallClock: WallClock {
    /// Creates the system clock.
    public init() {}

    /// The current instant.
    public var now: Date { Date() }
}

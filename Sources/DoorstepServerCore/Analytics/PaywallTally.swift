/// How many walks of a flow reached its paywall, and how many of those the walk's account then
/// bought on. Anonymous, like the rest of a day's tally: counts only, no install or account.
public struct PaywallTally: Sendable, Equatable {
    /// Walks that were shown a screen holding the flow's paywall.
    public var reached: Int
    /// Walks among those whose account bought one of the paywall's products after seeing it.
    public var converted: Int

    /// A tally; with no arguments, an empty one.
    public init(reached: Int = 0, converted: Int = 0) {
        self.reached = reached
        self.converted = converted
    }

    /// Adds another tally.
    public mutating func add(_ other: PaywallTally) {
        reached += other.reached
        converted += other.converted
    }
}

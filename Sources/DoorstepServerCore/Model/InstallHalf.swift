/// One of the two halves of a flow's walks, split by install id, which a funnel report reads side by
/// side: ids ordered before ``boundary`` and the rest, in the database's own order. Install ids are
/// UUIDs, so each half holds about half of them; an id of any other shape still falls in exactly one.
public enum InstallHalf: Sendable, CaseIterable {
    case belowBoundary, fromBoundary

    /// Where the second half begins: the middle of a UUID's first hexadecimal digit.
    public static let boundary = "8"
}

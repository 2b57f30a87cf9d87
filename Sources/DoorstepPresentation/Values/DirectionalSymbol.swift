/// SF Symbols that point left or right, as drawn: each is named by the way it points in reading order
/// (`chevron.backward`), so it mirrors where a screen reads right to left. Flows name them as the
/// specs do (`chevron.left`).
public enum DirectionalSymbol {
    /// The name to draw `symbol` by: its backward or forward twin where it points left or right.
    public static func drawn(_ symbol: String) -> String {
        for (physical, logical) in twins where symbol == physical || symbol.hasPrefix(physical + ".") {
            return logical + symbol.dropFirst(physical.count)
        }
        return symbol
    }

    private static let twins = [
        ("chevron.left", "chevron.backward"), ("chevron.right", "chevron.forward"),
        ("arrow.left", "arrow.backward"), ("arrow.right", "arrow.forward"),
    ]
}

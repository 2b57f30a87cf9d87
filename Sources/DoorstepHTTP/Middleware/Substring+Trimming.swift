extension Substring {
    /// The text without the spaces and tabs around it, as header values are read. Foundation's
    /// `trimmingCharacters(in:)` bridges through `NSString` and cost more than the rest of reading a
    /// header, on every request.
    var trimmingSpacesAndTabs: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}

/// A full name typed in one field, as first and last name: the last word is the last name, the words
/// before it the first name; a single word is a first name.
public enum FullName {
    /// The first and last name of `fullName`.
    public static func split(_ fullName: String) -> (first: String?, last: String?) {
        let words = fullName.split(whereSeparator: \.isWhitespace)
        guard words.count > 1, let last = words.last else { return (words.first.map(String.init), nil) }
        return (words.dropLast().joined(separator: " "), String(last))
    }
}

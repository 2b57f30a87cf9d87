import Foundation

/// The logic of a list an answer is built up in (Kordant's watchlist, family invites): add a checked,
/// unique item, remove one.
public enum ListBuilder {
    /// The list with `item` added, or the issue that keeps it out.
    public static func adding(
        _ item: String, to list: [String], field: FieldDefinition, context: ValidationContext
    ) -> Result<[String], FieldIssue> {
        let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
        let candidate = list + [trimmed]
        let value = Value.array(candidate.map(Value.string))
        if let issue = FieldValidator.issue(for: value, in: field, context: context) {
            return .failure(issue)
        }
        return .success(candidate)
    }

    /// Where the engine keeps an entry its Add refused, for the entry box to show again.
    public static func entryKey(_ field: String) -> String { "\(field).entry" }

    /// The list without the item at `index` (unchanged when out of range).
    public static func removing(at index: Int, from list: [String]) -> [String] {
        guard list.indices.contains(index) else { return list }
        var list = list
        list.remove(at: index)
        return list
    }
}

/// The form of the ids that flow events carry — screens, fields, actions, error codes, experiment
/// variants: 1 to 64 ASCII letters, digits, `-` and `_`. The linter holds flow files to it, and the
/// server refuses events that break it.
public enum EventIdentifier {
    /// Whether `text` is such an id.
    public static func isValid(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}

/// Group invite codes: short, case-insensitive, from an alphabet without look-alikes (no 0/O, 1/I).
public enum InviteCode {
    /// The characters a code is made of.
    public static let alphabet = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")
    /// How many characters a new code has.
    public static let length = 8

    /// The code as stored: upper-cased, with spaces and hyphens a person may type removed.
    public static func normalized(_ text: String) -> String {
        text.uppercased().filter { $0 != " " && $0 != "-" }
    }

    /// Whether the text, once normalized, could be an invite code.
    public static func isWellFormed(_ text: String) -> Bool {
        let code = normalized(text)
        return code.count == length && code.allSatisfy { alphabet.contains($0) }
    }
}

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

    /// The same rule as ``isWellFormed(_:)`` as a regular expression the whole text must match, for a
    /// browser to check before sending: the alphabet in either case, spaces and hyphens anywhere.
    /// Valid in JavaScript's `v` mode, which HTML's `pattern` attribute uses.
    public static let inputPattern: String = {
        var ranges: [String] = []
        var run: [Character] = []
        func flush() {
            guard let first = run.first, let last = run.last else { return }
            ranges.append(run.count > 1 ? "\(first)-\(last)" : "\(first)")
            run = []
        }
        for character in alphabet {
            if let last = run.last, let previous = last.unicodeScalars.first?.value,
                character.unicodeScalars.first?.value != previous + 1
            {
                flush()
            }
            run.append(character)
        }
        flush()
        let upper = ranges.joined()
        let lower = ranges.filter { $0.first?.isLetter == true }.joined().lowercased()
        let separators = "[ \\-]*"
        return "\(separators)(?:[\(upper)\(lower)]\(separators)){\(length)}"
    }()

    /// Whether the text, once normalized, could be an invite code.
    public static func isWellFormed(_ text: String) -> Bool {
        let code = normalized(text)
        return code.count == length && code.allSatisfy { alphabet.contains($0) }
    }
}

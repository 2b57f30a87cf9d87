import Foundation

/// Checks that text is a deliverable-looking email address: accepts the addresses people really have
/// (`first.last+tag@mail.example.co.uk`, `o'brien@example.ie`, internationalised domains) and refuses
/// junk (`a@b`, `a..b@c.com`, spaces, control characters, missing top-level domains).
public enum EmailAddress {
    /// The longest address SMTP carries.
    public static let maximumLength = 254

    /// The address as accounts are keyed by: trimmed and lowercased. Local parts are treated
    /// case-insensitively, as virtually every mail provider does, so `Sam@` and `sam@` are one person.
    public static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Whether `text` (surrounding white space ignored) is a valid address.
    public static func isValid(_ text: String) -> Bool {
        let address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // In code points, as sent, as the API's schema counts a `maxLength`.
        guard !address.isEmpty, text.unicodeScalars.count <= maximumLength else { return false }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return isValidLocalPart(parts[0]) && isValidDomain(parts[1])
    }

    /// ``isValid(_:)`` as a browser's `pattern` (JavaScript's `v` mode): one `@`, no spaces, a domain
    /// of dot-separated labels ending in a top-level domain of two letters or more (or `xn--`). The
    /// browser's own check of `type="email"` lets `sam@example` through; the server does not.
    public static let inputPattern = #"\s*[^\s@]+@([^\s@.]+\.)+(\p{L}{2,}|xn--[\p{L}\p{N}\-]+)\s*"#

    private static let localSymbols = Set("!#$%&'*+/=?^_`{|}~.-")

    private static func isValidLocalPart(_ local: Substring) -> Bool {
        guard (1...64).contains(local.utf8.count), local.first != ".", local.last != "." else { return false }
        guard !local.contains("..") else { return false }
        return local.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII {
                let character = Character(scalar)
                return character.isLetter || character.isNumber || localSymbols.contains(character)
            }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    private static func isValidDomain(_ domain: Substring) -> Bool {
        guard domain.utf8.count <= 253 else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isValidLabel) else { return false }
        let topLevel = labels[labels.count - 1]
        if topLevel.lowercased().hasPrefix("xn--") { return topLevel.count > 4 }
        return topLevel.count >= 2 && topLevel.allSatisfy(\.isLetter)
    }

    private static func isValidLabel(_ label: Substring) -> Bool {
        guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
        return label.unicodeScalars.allSatisfy { scalar in
            if scalar.isASCII {
                let character = Character(scalar)
                return (character.isLetter || character.isNumber || character == "-")
            }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}

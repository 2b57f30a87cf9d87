import Foundation

/// Rules for the free-text answers the reference flows collect: names, cities, phone numbers, codes.
public enum TextRules {
    /// Whether text holds a control character other than a line break or tab.
    public static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t" && scalar != "\r"
                || scalar.properties.generalCategory == .format && scalar != "\u{200D}"
        }
    }

    /// ``isValidName(_:maximumLength:)`` as a browser's `pattern` (JavaScript's `v` mode): letters
    /// and marks, spaces, hyphens, apostrophes and periods, with at least one letter.
    public static let nameInputPattern = #"[\p{L}\p{M} \-'’.]*\p{L}[\p{L}\p{M} \-'’.]*"#

    /// The most characters a full name typed in one field may have: a first and a last name of 100
    /// each and the space between them.
    public static let maximumFullNameLength = 201

    /// A person's name: letters (any script), spaces, hyphens, apostrophes and periods, with a letter,
    /// at most `maximumLength` characters, counted in code points as a JSON Schema `maxLength` counts
    /// them (a letter and its accent mark are two).
    public static func isValidName(_ text: String, maximumLength: Int = 100) -> Bool {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.unicodeScalars.count <= maximumLength, name.contains(where: \.isLetter) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark || " -'’.".unicodeScalars.contains(scalar)
        }
    }

    /// Punctuation real place names carry: spaces (also no-break), hyphens and dashes, apostrophes and
    /// the okina, periods, commas, parentheses, slashes between two languages' names (`Biel/Bienne`)
    /// and Catalan's middle dot (`l·l`).
    static let cityPunctuation = Set(" \u{00A0}-\u{2010}\u{2011}\u{2013}'’‘ʼʻ.,()/·".unicodeScalars)

    /// A place name: letters (of any script), digits and ``cityPunctuation``, with at least one letter.
    public static func isValidCity(_ text: String) -> Bool {
        let city = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !city.isEmpty, city.count <= 120, city.contains(where: \.isLetter) else { return false }
        return city.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark || ("0"..."9").contains(scalar)
                || cityPunctuation.contains(scalar)
        }
    }

    /// An international phone number: an optional `+`, 7 to 15 digits, and `space - . ( )` between them.
    public static func isValidPhone(_ text: String) -> Bool {
        let phone = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !phone.isEmpty, phone.count <= 32 else { return false }
        var digits = 0
        for (offset, character) in phone.enumerated() {
            if character.isASCII && character.isNumber {
                digits += 1
            } else if character == "+" {
                guard offset == 0 else { return false }
            } else if !" -.()".contains(character) {
                return false
            }
        }
        return (7...15).contains(digits)
    }

    /// Exactly six ASCII digits.
    public static func isValidCode(_ text: String, length: Int = CodeEntry.defaultLength) -> Bool {
        text.count == length && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

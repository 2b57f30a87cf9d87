import DoorstepFlow
import Testing

@Suite("Names, cities, phones and codes")
struct TextRulesTests {
    @Test(
        "Names in any script, with hyphens, apostrophes and periods",
        arguments: [
            "Sam", "Mary-Jane", "O'Brien", "D’Angelo", "J. R. R.", "José", "Zoë", "李小龍", "Ngũgĩ", "Björk",
        ])
    func validNames(_ name: String) {
        #expect(TextRules.isValidName(name))
    }

    @Test(
        "Names refuse digits, symbols, markup and blanks",
        arguments: [
            "", "   ", "R2D2", "<script>", "Sam!", "a@b", "-", "Sam\u{0007}",
        ])
    func invalidNames(_ name: String) {
        #expect(!TextRules.isValidName(name))
    }

    @Test(
        "Cities",
        arguments: [
            ("Los Angeles", true), ("São Paulo", true), ("Winston-Salem", true),
            ("St. John's", true), ("Washington, D.C.", true), ("12345", false), ("", false),
            ("<b>Paris</b>", false),
            // What real city names contain: digits, slashes, middle dots, okinas, curly apostrophes.
            ("6th of October City", true), ("10th of Ramadan", true), ("Biel/Bienne", true),
            ("Bozen/Bolzano", true), ("Sant Martí de l·la Roca", true), ("Hawaiʻi Kai", true),
            ("’s-Hertogenbosch", true), ("Frankfurt (Oder)", true), ("Xi'an", true), ("Zürich", true),
            ("Llanfair‐pwll", true), ("Saint‑Étienne", true), ("北京", true), ("Москва", true),
            ("https://evil.example", false), ("Paris; DROP TABLE", false), ("Lisbon\u{0}", false),
        ])
    func cities(_ city: String, _ valid: Bool) {
        #expect(TextRules.isValidCity(city) == valid)
    }

    @Test(
        "Phone numbers",
        arguments: [
            ("+1 415 555 0100", true), ("(415) 555-0100", true), ("+44 20 7946 0958", true),
            ("555-01", false), ("phone", false), ("1+415", false),
            ("+1234567890123456", false),
        ])
    func phones(_ phone: String, _ valid: Bool) {
        #expect(TextRules.isValidPhone(phone) == valid)
    }

    @Test("Codes are exactly six ASCII digits")
    func codes() {
        #expect(TextRules.isValidCode("012345"))
        #expect(!TextRules.isValidCode("12345"))
        #expect(!TextRules.isValidCode("1234567"))
        #expect(!TextRules.isValidCode("12345a"))
        #expect(!TextRules.isValidCode("١٢٣٤٥٦"), "Arabic-Indic digits are not accepted")
    }

    @Test("Control characters are spotted, line breaks are allowed")
    func controlCharacters() {
        #expect(TextRules.hasControlCharacters("a\u{0}b"))
        #expect(TextRules.hasControlCharacters("a\u{202E}b"), "bidirectional overrides are refused")
        #expect(!TextRules.hasControlCharacters("line one\nline two\tend"))
    }

    @Test("Invite codes are case-insensitive and ignore spaces and hyphens, but refuse look-alikes")
    func inviteCodes() {
        #expect(InviteCode.isWellFormed("k7m2-qx9p"))
        #expect(InviteCode.normalized("k7m2 qx9p") == "K7M2QX9P")
        #expect(!InviteCode.isWellFormed("K7M2QX9O"), "O is not in the alphabet")
        #expect(!InviteCode.isWellFormed("K7M2QX91"), "1 is not in the alphabet")
        #expect(!InviteCode.isWellFormed("K7M2QX9"))
    }
}

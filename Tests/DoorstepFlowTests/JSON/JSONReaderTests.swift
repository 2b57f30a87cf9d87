import DoorstepFlow
import Foundation
import Testing

@Suite("Reading JSON into values")
struct JSONReaderTests {
    static let documents: [(String, Value)] = [
        ("null", Value.null),
        (" true ", true),
        ("false", false),
        ("0", 0),
        ("-12", -12),
        ("9223372036854775807", .int(Int.max)),
        ("-9223372036854775808", .int(Int.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("1.5", .double(1.5)),
        ("-0.25e2", .double(-25)),
        ("2.0", .double(2)),
        ("1E3", .double(1000)),
        ("\"\"", ""),
        ("\"plain\"", "plain"),
        ("\"a\\\"b\\\\c\\/d\\n\\t\\r\\b\\f\"", "a\"b\\c/d\n\t\r\u{8}\u{C}"),
        ("\"caf\\u00e9 \\ud83d\\ude00\"", "café 😀"),
        ("\"café 😀\"", "café 😀"),
        ("[]", []),
        ("[1, [\"two\", null], {}]", [1, ["two", .null], .object([:])]),
        ("{\"a\": {\"b\": [true]}, \"c\": 1}", ["a": ["b": [true]], "c": 1]),
        ("{\"a\": 1, \"a\": 2}", ["a": 2]),
    ]

    @Test("Every kind of JSON value is read", arguments: documents)
    func reads(_ text: String, _ expected: Value) throws {
        #expect(try Value(json: text) == expected)
    }

    @Test(
        "Broken JSON names what is wrong and where",
        arguments: [
            ("", 0, "the document ends where a value was expected"),
            ("[1,]", 3, "unexpected character ']'"),
            ("{\"a\" 1}", 5, "expected ':' after the key"),
            ("{\"a\": 1,}", 8, "expected a key in quotes"),
            ("[1 2]", 3, "expected ',' or ']' in a list"),
            ("01", 1, "a number may not start with 0"),
            ("-", 1, "a number needs a digit after '-'"),
            ("1.", 2, "a number needs a digit after '.'"),
            ("1e", 2, "a number needs a digit in its exponent"),
            ("1e999", 0, "'1e999' is too large a number"),
            ("\"abc", 4, "a string is never closed"),
            ("\"a\nb\"", 2, "a control character inside a string"),
            ("\"\\x\"", 1, "an unknown escape in a string"),
            ("\"\\u12\"", 3, "a \\u escape needs four hex digits"),
            ("\"\\udc00\"", 7, "a lone low surrogate in a \\u escape"),
            ("\"\\ud83d\"", 7, "a high surrogate without its low half"),
            ("nul", 0, "expected 'null'"),
            ("{} {}", 3, "unexpected text after the end of the document"),
        ])
    func refuses(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: JSONReadError(offset: offset, message: message)) { try Value(json: text) }
    }

    @Test("Bytes that are not UTF-8 inside a string are refused, not repaired")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
        #expect(throws: JSONReadError(offset: 1, message: "a string that is not valid UTF-8")) {
            try Value(json: Data(bytes))
        }
    }

    @Test("Nesting deeper than 512 is refused instead of exhausting the stack")
    func depth() throws {
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONReadError(offset: 512, message: "nesting is too deep")) { _ = try Value(json: tooDeep) }
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? Value(json: deepest)) != nil)
    }

    @Test("It reads what JSONDecoder reads, the same way")
    func agreesWithJSONDecoder() throws {
        let document = """
            {"name": "Alex", "age": 30, "height": 1.75, "tags": ["a", "b"], "nested": {"ok": true, "none": null},
             "escaped": "line\\nnext \\u00e9", "negative": -7, "big": 12345678901234}
            """
        let decoded = try JSONDecoder().decode(Value.self, from: Data(document.utf8))
        #expect(try Value(json: document) == decoded)
    }
}

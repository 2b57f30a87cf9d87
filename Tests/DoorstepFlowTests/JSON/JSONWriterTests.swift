import DoorstepFlow
import Foundation
import Testing

@Suite("Writing values as JSON")
struct JSONWriterTests {
    func text(_ value: Value) throws -> String {
        String(decoding: try value.jsonData(), as: UTF8.self)
    }

    @Test("Objects are written compactly with their keys in order, so equal values give equal bytes")
    func sortedAndCompact() throws {
        let value: Value = ["b": [1, .null, true], "a": ["d": .double(2.5), "c": "x"]]
        #expect(try text(value) == #"{"a":{"c":"x","d":2.5},"b":[1,null,true]}"#)
    }

    @Test("Quotes, backslashes and control characters are escaped; other text is written as it is")
    func escapes() throws {
        let value: Value = .string("say \"hi\"\\ / café 😀\n\t\u{1}")
        #expect(try text(value) == #""say \"hi\"\\ / café 😀\n\t\u0001""#)
    }

    @Test("A double stays a double on the way back in")
    func doubles() throws {
        #expect(try text(.double(2)) == "2.0")
        #expect(try Value(json: try Value.double(2).jsonData()) == .double(2))
        #expect(try Value(json: try Value.double(0.1).jsonData()) == .double(0.1))
    }

    @Test("A number JSON cannot hold is an error, not a silent null")
    func nonFinite() {
        #expect(throws: JSONWriteError.self) { try Value.double(.infinity).jsonData() }
        #expect(throws: JSONWriteError.self) { try Value.array([.double(.nan)]).jsonData() }
    }

    @Test("What it writes, JSONDecoder and the reader read back as the same value")
    func roundTrip() throws {
        let value: Value = [
            "text": "multi\nline \"quoted\"", "numbers": [0, -1, .int(Int.max), .double(1.25), .double(-3.5e-8)],
            "empty": ["list": [], "object": .object([:])], "flag": false, "nothing": .null,
        ]
        let data = try value.jsonData()
        #expect(try Value(json: data) == value)
        #expect(try JSONDecoder().decode(Value.self, from: data) == value)
    }
}

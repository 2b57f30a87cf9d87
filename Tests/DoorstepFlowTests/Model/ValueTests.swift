import DoorstepFlow
import Foundation
import Testing

@Suite("Values")
struct ValueTests {
    @Test("Every JSON shape round-trips")
    func roundTrip() throws {
        let value: Value = [
            "name": "Alex", "age": 34, "ratio": .double(0.5), "ok": true, "none": .null,
            "tags": ["a", "b"],
        ]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(Value.self, from: data) == value)
    }

    @Test("Booleans stay booleans and whole numbers stay integers")
    func kinds() throws {
        #expect(try JSONDecoder().decode(Value.self, from: Data("true".utf8)) == .bool(true))
        #expect(try JSONDecoder().decode(Value.self, from: Data("1".utf8)) == .int(1))
        #expect(try JSONDecoder().decode(Value.self, from: Data("1.5".utf8)) == .double(1.5))
    }

    @Test("Emptiness and truth as conditions see them")
    func truth() {
        #expect(Value.string("  ").isEmpty)
        #expect(!Value.int(0).isEmpty)
        #expect(!Value.int(0).isTruthy)
        #expect(Value.string("x").isTruthy)
        #expect(!Value.null.isTruthy)
    }

    @Test("Conditions read keys, combine and decode from the flow format")
    func conditions() throws {
        let json = #"{"all": [{"key": "a"}, {"not": {"key": "b", "equals": 2}}, {"key": "c", "isSet": false}]}"#
        let condition = try JSONDecoder().decode(Condition.self, from: Data(json.utf8))
        let values: [String: Value] = ["a": true, "b": 3]
        #expect(condition.holds { values[$0] })
        #expect(!condition.holds { ["a": true, "b": 2][$0] })
        #expect(condition.keys == ["a", "b", "c"])
        let reencoded = try JSONDecoder().decode(Condition.self, from: JSONEncoder().encode(condition))
        #expect(reencoded == condition)
    }
}

import DoorstepFlow
import Foundation
import Testing

@Suite("Decoding the flow model from read values")
struct ValueDecoderTests {
    @Test(
        "Every catalog flow decodes to the same definition as through JSONDecoder", arguments: FlowCatalog.referenceIDs)
    func sameAsFoundation(_ id: String) throws {
        let data = try Data(contentsOf: FlowCatalog.bundledURL(id))
        #expect(
            try ValueDecoder().decode(FlowDefinition.self, from: data)
                == JSONDecoder().decode(FlowDefinition.self, from: data))
    }

    @Test(
        "A broken file is refused with the error and the path JSONDecoder gives",
        arguments: [
            #"{"id": "x", "version": 1}"#,
            #"{"id": 7, "version": 1, "screens": [], "fields": [], "start": "a"}"#,
            #"{"id": "x", "version": "one"}"#,
            #"[1, 2]"#,
        ])
    func sameErrors(_ text: String) throws {
        let data = Data(text.utf8)
        let ours = Self.describe { try ValueDecoder().decode(FlowDefinition.self, from: data) }
        let foundation = Self.describe { try JSONDecoder().decode(FlowDefinition.self, from: data) }
        #expect(ours == foundation)
        #expect(ours != nil)
    }

    @Test("Numbers convert as JSONDecoder converts them")
    func numbers() throws {
        let decoder = ValueDecoder()
        #expect(try decoder.decode([Double].self, from: Data("[1, 2.5]".utf8)) == [1, 2.5])
        #expect(try decoder.decode([Int].self, from: Data("[3]".utf8)) == [3])
        #expect(throws: DecodingError.self) { try decoder.decode([UInt8].self, from: Data("[300]".utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: Data(#"["3"]"#.utf8)) }
        #expect(
            try decoder.decode([String: Value].self, from: Data(#"{"a": [true, null]}"#.utf8)) == [
                "a": .array([.bool(true), .null])
            ])
    }

    /// The kind of a decoding error and the path it names, or nil when decoding succeeded.
    static func describe(_ body: () throws -> FlowDefinition) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context): return "missing \(key.stringValue) at \(path(context.codingPath))"
            case .typeMismatch(_, let context): return "mismatch at \(path(context.codingPath))"
            case .valueNotFound(_, let context): return "null at \(path(context.codingPath))"
            case .dataCorrupted(let context): return "corrupted at \(path(context.codingPath))"
            @unknown default: return "unknown"
            }
        } catch {
            return "\(error)"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

import Foundation

/// A JSON-shaped value: an answer a person gave, a result an effect returned, or a literal in a flow.
///
/// Answers are kept as values rather than Swift types so that one flow file can describe any field,
/// and so that the app, the web funnel and the server validate the very same representation.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([Value])
    case object([String: Value])
}

extension Value {
    /// The string inside, if this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer inside, if this is an integer (or a double with no fractional part).
    public var intValue: Int? {
        switch self {
        case .int(let int): return int
        case .double(let double) where double.rounded() == double && abs(double) < 1e15: return Int(double)
        default: return nil
        }
    }

    /// The Boolean inside, if this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements inside, if this is an array.
    public var arrayValue: [Value]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The members inside, if this is an object.
    public var objectValue: [String: Value]? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether the value counts as "no answer": null, an empty or blank string, or an empty array.
    public var isEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let string): return string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case .array(let array): return array.isEmpty
        case .object(let object): return object.isEmpty
        case .bool, .int, .double: return false
        }
    }

    /// Whether the value is "truthy" for conditions: `true`, a non-zero number, or a non-empty value.
    public var isTruthy: Bool {
        switch self {
        case .bool(let bool): return bool
        case .int(let int): return int != 0
        case .double(let double): return double != 0
        default: return !isEmpty
        }
    }

    /// A short human-readable rendering, used to fill `{placeholders}` in texts.
    public var displayText: String {
        switch self {
        case .null: return ""
        case .bool(let bool): return bool ? "yes" : "no"
        case .int(let int): return String(int)
        case .double(let double): return String(double)
        case .string(let string): return string
        case .array(let array): return array.map(\.displayText).joined(separator: ", ")
        case .object: return ""
        }
    }
}

extension Value: Codable {
    public init(from decoder: any Decoder) throws {
        // Each failed attempt costs a thrown error, so the commonest kinds of answer come first:
        // text, then flags and numbers, then lists.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let array = try? container.decode([Value].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: Value].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .int(let int): try container.encode(int)
        case .double(let double): try container.encode(double)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Value: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

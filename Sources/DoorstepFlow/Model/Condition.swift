/// A test on answers and effect results, such as `account.exists == true`.
///
/// In JSON a condition reads `{"key": "account.exists", "equals": true}`, `{"key": "name"}` (truthy),
/// `{"key": "x", "isSet": false}`, `{"all": [...]}`, `{"any": [...]}` or `{"not": {...}}`.
public indirect enum Condition: Sendable, Hashable {
    case truthy(String)
    case equals(String, Value)
    case notEquals(String, Value)
    case isSet(String, Bool)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// Whether the condition holds, reading values through `lookup`; a missing value is `nil`.
    public func holds(_ lookup: (String) -> Value?) -> Bool {
        switch self {
        case .truthy(let key): return lookup(key)?.isTruthy ?? false
        case .equals(let key, let value): return (lookup(key) ?? .null) == value
        case .notEquals(let key, let value): return (lookup(key) ?? .null) != value
        case .isSet(let key, let expected): return !(lookup(key)?.isEmpty ?? true) == expected
        case .all(let conditions): return conditions.allSatisfy { $0.holds(lookup) }
        case .any(let conditions): return conditions.contains { $0.holds(lookup) }
        case .not(let condition): return !condition.holds(lookup)
        }
    }

    /// Every key the condition reads.
    public var keys: [String] {
        switch self {
        case .truthy(let key), .equals(let key, _), .notEquals(let key, _), .isSet(let key, _): return [key]
        case .all(let conditions), .any(let conditions): return conditions.flatMap(\.keys)
        case .not(let condition): return condition.keys
        }
    }
}

extension Condition: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, equals, notEquals, isSet, all, any, not
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let all = try container.decodeIfPresent([Condition].self, forKey: .all) {
            self = .all(all)
        } else if let any = try container.decodeIfPresent([Condition].self, forKey: .any) {
            self = .any(any)
        } else if let not = try container.decodeIfPresent(Condition.self, forKey: .not) {
            self = .not(not)
        } else {
            let key = try container.decode(String.self, forKey: .key)
            if container.contains(.equals) {
                self = .equals(key, try container.decode(Value.self, forKey: .equals))
            } else if container.contains(.notEquals) {
                self = .notEquals(key, try container.decode(Value.self, forKey: .notEquals))
            } else if let isSet = try container.decodeIfPresent(Bool.self, forKey: .isSet) {
                self = .isSet(key, isSet)
            } else {
                self = .truthy(key)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .truthy(let key):
            try container.encode(key, forKey: .key)
        case .equals(let key, let value):
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .equals)
        case .notEquals(let key, let value):
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .notEquals)
        case .isSet(let key, let isSet):
            try container.encode(key, forKey: .key)
            try container.encode(isSet, forKey: .isSet)
        case .all(let conditions):
            try container.encode(conditions, forKey: .all)
        case .any(let conditions):
            try container.encode(conditions, forKey: .any)
        case .not(let condition):
            try container.encode(condition, forKey: .not)
        }
    }
}

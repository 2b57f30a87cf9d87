import Foundation

extension FlowSnapshot {
    /// Reads a snapshot saved as JSON, by ``jsonData()`` or by `JSONEncoder` (the two write the same
    /// shape), without `JSONDecoder`: a snapshot is read on every launch and every resume.
    public init(json data: Data) throws {
        try self.init(value: Value(json: data))
    }

    /// The snapshot as compact JSON with sorted keys, readable by ``init(json:)`` and by `JSONDecoder`.
    public func jsonData() throws -> Data {
        try value.jsonData()
    }

    /// Reads a snapshot from its JSON shape; keys added in later releases may be missing from older
    /// saves.
    public init(value: Value) throws(SnapshotFormatError) {
        let reader = try ObjectReader(value, path: "snapshot")
        flowID = try reader.required("flowID", "text", \.stringValue)
        flowVersion = try reader.required("flowVersion", "a whole number", \.intValue)
        screen = try reader.required("screen", "text", \.stringValue)
        answers = try reader.optional("answers", "an object", \.objectValue) ?? [:]
        results = try reader.optional("results", "an object", \.objectValue) ?? [:]
        history = try reader.optional("history", "a list of screen ids") { $0.arrayValue?.strings } ?? []
        depth = try reader.optional("depth", "a whole number", \.intValue) ?? history.count
        pending = try reader.optional("pending", "an object", PendingMove.init(value:))
        issues =
            try reader.optional("issues", "a list") { (list) throws(SnapshotFormatError) in
                try list.arrayValue?.map { (issue) throws(SnapshotFormatError) in try FieldIssue(snapshotValue: issue) }
            } ?? []
        message = try reader.optional("message", "text", \.stringValue)
        effectTimes =
            try reader.optional("effectTimes", "an object of times in seconds") { $0.objectValue?.dates } ?? [:]
        completed = try reader.optional("completed", "true or false", \.boolValue) ?? false
        nextRequestID = try reader.optional("nextRequestID", "a whole number", \.intValue) ?? 1
    }

    /// The snapshot's JSON shape: the keys and encodings its `Codable` conformance uses, so either way
    /// of reading accepts what either way wrote. Times are seconds since 2001-01-01 UTC.
    public var value: Value {
        var members: [String: Value] = [
            "flowID": .string(flowID), "flowVersion": .int(flowVersion), "screen": .string(screen),
            "answers": .object(answers), "results": .object(results), "history": .array(history.map(Value.string)),
            "depth": .int(depth), "issues": .array(issues.map(\.value)),
            "effectTimes": .object(effectTimes.mapValues { .double($0.timeIntervalSinceReferenceDate) }),
            "completed": .bool(completed), "nextRequestID": .int(nextRequestID),
        ]
        if let pending {
            members["pending"] = [
                "transition": .int(pending.transition), "effect": .int(pending.effect),
                "requestID": .int(pending.requestID),
            ]
        }
        if let message { members["message"] = .string(message) }
        return .object(members)
    }
}

/// A snapshot whose JSON does not have a snapshot's shape: which key, and what it should hold.
public struct SnapshotFormatError: Error, Hashable, CustomStringConvertible {
    /// Where the problem is, such as `snapshot.pending.effect`.
    public var path: String
    /// What was expected there.
    public var expected: String

    public var description: String { "\(path) should be \(expected)" }
}

extension PendingMove {
    fileprivate init(value: Value) throws(SnapshotFormatError) {
        let reader = try ObjectReader(value, path: "snapshot.pending")
        self.init(
            transition: try reader.required("transition", "a whole number", \.intValue),
            effect: try reader.required("effect", "a whole number", \.intValue),
            requestID: try reader.required("requestID", "a whole number", \.intValue))
    }
}

extension FieldIssue {
    fileprivate init(snapshotValue value: Value) throws(SnapshotFormatError) {
        let reader = try ObjectReader(value, path: "snapshot.issues")
        self.init(
            field: try reader.required("field", "text", \.stringValue),
            code: try reader.required("code", "text", \.stringValue),
            message: try reader.required("message", "text", \.stringValue))
    }

    /// The issue's JSON shape, as snapshots and problem bodies carry it.
    public var value: Value {
        ["field": .string(field), "code": .string(code), "message": .string(message)]
    }
}

/// Reads the members of one JSON object, naming the key that is missing or of the wrong type.
private struct ObjectReader {
    let members: [String: Value]
    let path: String

    init(_ value: Value, path: String) throws(SnapshotFormatError) {
        guard let members = value.objectValue else { throw SnapshotFormatError(path: path, expected: "an object") }
        self.members = members
        self.path = path
    }

    func required<T>(_ key: String, _ expected: String, _ read: (Value) -> T?) throws(SnapshotFormatError) -> T {
        guard let value = try optional(key, expected, read) else {
            throw SnapshotFormatError(path: "\(path).\(key)", expected: "present")
        }
        return value
    }

    /// Nil when the key is missing or null; an error when it holds something `read` cannot take.
    func optional<T>(
        _ key: String, _ expected: String, _ read: (Value) throws(SnapshotFormatError) -> T?
    ) throws(SnapshotFormatError) -> T? {
        guard let value = members[key], value != .null else { return nil }
        guard let result = try read(value) else {
            throw SnapshotFormatError(path: "\(path).\(key)", expected: expected)
        }
        return result
    }
}

extension Array where Element == Value {
    fileprivate var strings: [String]? {
        var strings: [String] = []
        strings.reserveCapacity(count)
        for element in self {
            guard let string = element.stringValue else { return nil }
            strings.append(string)
        }
        return strings
    }
}

extension Dictionary where Key == String, Value == DoorstepFlow.Value {
    fileprivate var dates: [String: Date]? {
        var dates: [String: Date] = [:]
        for (key, value) in self {
            let seconds: Double
            switch value {
            case .int(let int): seconds = Double(int)
            case .double(let double): seconds = double
            default: return nil
            }
            dates[key] = Date(timeIntervalSinceReferenceDate: seconds)
        }
        return dates
    }
}

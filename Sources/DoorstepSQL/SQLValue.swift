import Foundation

/// A value bound to a statement or read from a row, in the few types Doorstep's schema uses:
/// text, whole numbers (times are milliseconds since 1970), booleans and NULL.
public enum SQLValue: Sendable, Hashable {
    case text(String)
    case integer(Int)
    case bool(Bool)
    case null

    /// A time as milliseconds since 1970.
    public static func time(_ date: Date) -> SQLValue {
        .integer(Int((date.timeIntervalSince1970 * 1_000).rounded()))
    }

    /// A time, or NULL.
    public static func time(_ date: Date?) -> SQLValue {
        date.map { time($0) } ?? .null
    }

    /// A text, or NULL.
    public static func optional(_ text: String?) -> SQLValue {
        text.map(SQLValue.text) ?? .null
    }

    /// Bytes stored as UTF-8 text (JSON documents).
    public static func document(_ data: Data) -> SQLValue {
        .text(String(decoding: data, as: UTF8.self))
    }

    /// The text, if this is one.
    public var string: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The whole number, if this is one (a boolean reads as 0 or 1).
    public var integer: Int? {
        switch self {
        case .integer(let value): return value
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }
}

extension UUID {
    /// The form ids are stored in: lowercase.
    public var key: String { lowercasedText }
}

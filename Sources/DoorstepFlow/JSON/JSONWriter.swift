/// Writes a ``Value`` as compact JSON text with each object's keys in order, so that the same value
/// always gives the same bytes.
///
/// A ``Value/double(_:)`` is written in its shortest form that reads back exactly, with a fraction
/// (`2.0`), so it stays a double on the way back in.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1_024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: Value) throws(JSONWriteError) {
        switch value {
        case .null: append("null")
        case .bool(let bool): append(bool ? "true" : "false")
        case .int(let int): bytes.append(contentsOf: String(int).utf8)
        case .double(let double):
            guard double.isFinite else { throw JSONWriteError(value: double) }
            bytes.append(contentsOf: double.description.utf8)
        case .string(let string): write(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(key)
                bytes.append(UInt8(ascii: ":"))
                try write(members[key]!)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Writes a string in quotes, escaping what JSON requires: quotes, backslashes and control
    /// characters. Everything else, `/` and non-ASCII text included, is written as it is.
    mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case ..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// A value JSON cannot hold: a number that is infinite or not a number.
public struct JSONWriteError: Error, CustomStringConvertible {
    /// The number.
    public var value: Double

    public var description: String { "JSON cannot hold the number \(value)" }
}

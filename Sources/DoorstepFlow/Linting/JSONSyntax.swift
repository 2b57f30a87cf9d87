/// Finds where JSON text first goes wrong, with a line and column a person can jump to.
enum JSONSyntax {
    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The first syntax error in `text`; a position at the end when the text is merely cut short.
    static func firstError(in text: String) -> Failure {
        var scanner = Scanner(bytes: Array(text.utf8))
        do {
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if !scanner.isAtEnd { throw scanner.failure("unexpected text after the end of the document") }
            return scanner.failure("unreadable JSON")
        } catch let failure as Failure {
            return failure
        } catch {
            return scanner.failure("unreadable JSON")
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset >= bytes.count }

        func failure(_ message: String) -> Failure {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return Failure(line: line, column: column, message: message)
        }

        mutating func skipWhitespace() {
            while !isAtEnd, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        }

        mutating func value(depth: Int) throws {
            guard depth < 512 else { throw failure("nesting is too deep") }
            skipWhitespace()
            guard !isAtEnd else { throw failure("the document ends where a value was expected") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw failure("unexpected character '\(Character(Unicode.Scalar(bytes[offset])))'")
            }
        }

        private mutating func object(depth: Int) throws {
            offset += 1
            skipWhitespace()
            if !isAtEnd && bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return
            }
            while true {
                skipWhitespace()
                guard !isAtEnd, bytes[offset] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                try string()
                try expect(":", "expected ':' after the key")
                try value(depth: depth + 1)
                skipWhitespace()
                guard !isAtEnd else { throw failure("the document ends inside an object") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return
                }
                throw failure("expected ',' or '}' in an object")
            }
        }

        private mutating func array(depth: Int) throws {
            offset += 1
            skipWhitespace()
            if !isAtEnd && bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return
            }
            while true {
                try value(depth: depth + 1)
                skipWhitespace()
                guard !isAtEnd else { throw failure("the document ends inside a list") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                if bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return
                }
                throw failure("expected ',' or ']' in a list")
            }
        }

        private mutating func string() throws {
            offset += 1
            while !isAtEnd {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    offset += 1
                    return
                }
                if byte < 0x20 { throw failure("a control character inside a string") }
                offset += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            throw failure("a string is never closed")
        }

        private mutating func number() throws {
            let start = offset
            while !isAtEnd, "-+.eE0123456789".utf8.contains(bytes[offset]) { offset += 1 }
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            if Double(text) == nil {
                offset = start
                throw failure("'\(text)' is not a number")
            }
        }

        private mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected
            else { throw failure("expected '\(word)'") }
            offset += expected.count
        }

        private mutating func expect(_ character: Character, _ message: String) throws {
            skipWhitespace()
            guard !isAtEnd, bytes[offset] == character.asciiValue else { throw failure(message) }
            offset += 1
        }
    }
}

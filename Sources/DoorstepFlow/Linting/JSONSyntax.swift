import Foundation

/// Finds where JSON text first goes wrong, with a line and column a person can jump to.
enum JSONSyntax {
    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The first syntax error in `text`; a position at the end when the text is merely cut short.
    static func firstError(in text: String) -> Failure {
        let bytes = Array(text.utf8)
        do {
            _ = try Value(json: Data(bytes))
            return failure(at: bytes.count, in: bytes, "unreadable JSON")
        } catch {
            return failure(at: error.offset, in: bytes, error.message)
        }
    }

    private static func failure(at offset: Int, in bytes: [UInt8], _ message: String) -> Failure {
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
}

extension JSONReader {
    /// Reads a string whose opening quote is at `offset`, leaving `offset` after its closing quote.
    mutating func readString() throws(JSONReadError) -> String {
        offset += 1
        let start = offset
        // Most strings have no escapes: find the closing quote and take the bytes between at once.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = try text(from: start, to: offset)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character inside a string") }
            offset += 1
        }
        guard offset < bytes.count else { throw failure("a string is never closed") }
        var decoded = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return try decoded.withUnsafeBufferPointer { buffer throws(JSONReadError) in
                    guard let text = String(validating: buffer, as: UTF8.self) else {
                        throw failure("a string that is not valid UTF-8")
                    }
                    return text
                }
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoded)
            case ..<0x20:
                throw failure("a control character inside a string")
            default:
                decoded.append(byte)
                offset += 1
            }
        }
        throw failure("a string is never closed")
    }

    private func text(from start: Int, to end: Int) throws(JSONReadError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw JSONReadError(offset: start, message: "a string that is not valid UTF-8")
        }
        return text
    }

    /// Decodes the escape at `offset` (a backslash) into UTF-8.
    private mutating func appendEscape(to decoded: inout [UInt8]) throws(JSONReadError) {
        guard offset + 1 < bytes.count else { throw failure("a string is never closed") }
        let letter = bytes[offset + 1]
        offset += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let scalar = try readUnicodeEscape()
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default:
            offset -= 2
            throw failure("an unknown escape in a string")
        }
    }

    /// Reads the four hex digits after `\u`, and the low half that must follow a high surrogate.
    private mutating func readUnicodeEscape() throws(JSONReadError) -> Unicode.Scalar {
        let first = try readHexQuad()
        if (0xDC00...0xDFFF).contains(first) { throw failure("a lone low surrogate in a \\u escape") }
        guard (0xD800...0xDBFF).contains(first) else {
            guard let scalar = Unicode.Scalar(first) else { throw failure("an invalid \\u escape") }
            return scalar
        }
        guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
        else { throw failure("a high surrogate without its low half") }
        offset += 2
        let second = try readHexQuad()
        guard (0xDC00...0xDFFF).contains(second),
            let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw failure("a high surrogate without its low half") }
        return scalar
    }

    private mutating func readHexQuad() throws(JSONReadError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("a \\u escape needs four hex digits") }
        var result: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch bytes[offset] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(bytes[offset] - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(bytes[offset] - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(bytes[offset] - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            result = result << 4 | digit
            offset += 1
        }
        return result
    }

    /// Reads a number by the RFC's grammar: a whole number that fits an `Int` is an integer.
    mutating func readNumber() throws(JSONReadError) -> Value {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard !isAtEnd, isDigit(bytes[offset]) else { throw failure("a number needs a digit after '-'") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if !isAtEnd, isDigit(bytes[offset]) { throw failure("a number may not start with 0") }
        } else {
            skipDigits()
        }
        var isWhole = true
        if !isAtEnd, bytes[offset] == UInt8(ascii: ".") {
            isWhole = false
            offset += 1
            guard !isAtEnd, isDigit(bytes[offset]) else { throw failure("a number needs a digit after '.'") }
            skipDigits()
        }
        if !isAtEnd, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isWhole = false
            offset += 1
            if !isAtEnd, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard !isAtEnd, isDigit(bytes[offset]) else { throw failure("a number needs a digit in its exponent") }
            skipDigits()
        }
        if isWhole, let int = wholeNumber(from: start, to: offset) { return .int(int) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONReadError(offset: start, message: "'\(text)' is too large a number")
        }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while !isAtEnd, isDigit(bytes[offset]) { offset += 1 }
    }

    /// The integer the digits spell, or nil when it does not fit an `Int`.
    private func wholeNumber(from start: Int, to end: Int) -> Int? {
        let isNegative = bytes[start] == UInt8(ascii: "-")
        var result = 0
        for index in (isNegative ? start + 1 : start)..<end {
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times10, overflowed) = result.multipliedReportingOverflow(by: 10)
            // Accumulated as a negative number, which reaches Int.min.
            let (next, overflowedAgain) = times10.subtractingReportingOverflow(digit)
            if overflowed || overflowedAgain { return nil }
            result = next
        }
        if isNegative { return result }
        return result == Int.min ? nil : -result
    }
}

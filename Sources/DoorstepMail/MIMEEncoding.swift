import Foundation

/// The encodings a message needs to carry UTF-8 over any SMTP server: quoted-printable bodies
/// (RFC 2045) and encoded words for headers (RFC 2047).
enum MIMEEncoding {
    /// Text as quoted-printable: lines of at most 76 characters, CRLF line breaks, every byte outside
    /// printable ASCII (and `=`) as `=XX`, spaces at a line's end encoded, and a `.` starting a line
    /// encoded too, so no line can be read as the end of the data.
    static func quotedPrintable(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.split(separator: "\n", omittingEmptySubsequences: false)
            .map { quotedPrintableLine(Array($0.utf8)) }
            .joined(separator: "\r\n")
    }

    private static func quotedPrintableLine(_ bytes: [UInt8]) -> String {
        var lines: [String] = []
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let literal =
                (33...126).contains(byte) && byte != UInt8(ascii: "=")
                && !(byte == UInt8(ascii: ".") && current.isEmpty)
                || ((byte == 0x20 || byte == 0x09) && !isLast)
            let piece = literal ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
            // A soft break ("=") ends a line, so pieces fill at most 75 characters of it.
            if current.count + piece.count > 75 {
                lines.append(current + "=")
                current = ""
            }
            current += piece
        }
        lines.append(current)
        return lines.joined(separator: "\r\n")
    }

    /// A header value as it may stand: ASCII as it is, anything else as UTF-8 encoded words folded onto
    /// continuation lines.
    static func headerText(_ text: String) -> String {
        let clean = text.filter { !$0.isNewline }
        guard !clean.allSatisfy(\.isASCII) else { return clean }
        return encodedWords(clean).joined(separator: "\r\n ")
    }

    /// A display name: plain when it is ASCII without specials, quoted when it has specials, encoded
    /// words otherwise.
    static func phrase(_ name: String) -> String {
        let clean = name.filter { !$0.isNewline }
        guard clean.allSatisfy(\.isASCII) else { return encodedWords(clean).joined(separator: "\r\n ") }
        let specials = "()<>[]:;@\\,.\""
        guard clean.contains(where: { specials.contains($0) }) else { return clean }
        let escaped = clean.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }

    /// `=?UTF-8?B?…?=` words of at most 60 characters, never splitting a character.
    private static func encodedWords(_ text: String) -> [String] {
        let prefix = "=?UTF-8?B?"
        let suffix = "?="
        // 36 bytes make 48 characters of base64, 60 with the wrapper: with a header's name before it,
        // the line stays within the 76 characters RFC 2047 allows.
        let maximumBytes = 36
        var words: [String] = []
        var chunk = Data()
        for character in text {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > maximumBytes {
                words.append(prefix + chunk.base64EncodedString() + suffix)
                chunk = Data()
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(prefix + chunk.base64EncodedString() + suffix) }
        return words
    }
}

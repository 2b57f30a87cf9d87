import Foundation

/// The parts of a collected `multipart/form-data` body (RFC 7578), split at its boundary by the
/// rules of RFC 2046 §5.1.1: an optional preamble, a `--boundary` line before each part,
/// `--boundary--` after the last, and an epilogue that is ignored.
///
/// The body is whole before it is read (the funnel collects it up to its size limit), so no streaming
/// state is kept. Reading is linear in the body's length: a boundary holds no CR, so the delimiter
/// (CRLF, two dashes, the boundary) has its only CR first, and a partial match never hides the start
/// of the next one.
struct MultipartFormData {
    /// One part: its header fields (names lower-cased) and its content, byte for byte, as a slice of
    /// the body (the caller copies what it keeps).
    struct Part: Equatable {
        var headers: [String: String]
        var content: ArraySlice<UInt8>
    }

    /// Why a body is not a multipart body with this boundary.
    enum Malformed: Error, Equatable {
        case invalidBoundary, missingBoundary, unterminatedPart, invalidHeader
    }

    private static let crlf: [UInt8] = [13, 10]
    private static let dashes: [UInt8] = [45, 45]
    /// RFC 2046's `bchars`: what a boundary may hold.
    private static let boundaryCharacters = Set(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)

    /// The parts of `body`, in order.
    static func parts(of body: [UInt8], boundary: String) throws(Malformed) -> [Part] {
        let boundary = Array(boundary.utf8)
        guard isValid(boundary) else { throw .invalidBoundary }
        let delimiter = crlf + dashes + boundary
        // The first boundary line may open the body, with no CRLF before it, or follow a preamble.
        var cursor: Int
        if matches(dashes + boundary, in: body, at: 0) {
            cursor = dashes.count + boundary.count
        } else if let first = find(delimiter, in: body, from: 0) {
            cursor = first + delimiter.count
        } else {
            throw .missingBoundary
        }
        var parts: [Part] = []
        while !matches(dashes, in: body, at: cursor) {
            // Transport padding (spaces and tabs) may follow a boundary before its line ends.
            while cursor < body.count, body[cursor] == 32 || body[cursor] == 9 { cursor += 1 }
            guard matches(crlf, in: body, at: cursor) else { throw .missingBoundary }
            cursor += crlf.count
            guard let end = find(delimiter, in: body, from: cursor) else { throw .unterminatedPart }
            parts.append(try part(body, from: cursor, to: end))
            cursor = end + delimiter.count
        }
        return parts
    }

    /// RFC 2046's `boundary`: 1 to 70 of its characters, the last not a space.
    private static func isValid(_ boundary: [UInt8]) -> Bool {
        (1...70).contains(boundary.count) && boundary.allSatisfy(boundaryCharacters.contains) && boundary.last != 32
    }

    /// A part's header lines up to an empty line, then its content up to `end`.
    private static func part(_ body: [UInt8], from start: Int, to end: Int) throws(Malformed) -> Part {
        if start == end { return Part(headers: [:], content: []) }
        var headers: [String: String] = [:]
        var cursor = start
        while !matches(crlf, in: body, at: cursor) {
            guard let lineEnd = find(crlf, in: body, from: cursor), lineEnd < end else { throw .invalidHeader }
            let line = String(decoding: body[cursor..<lineEnd], as: UTF8.self)
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { throw .invalidHeader }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
            cursor = lineEnd + crlf.count
        }
        guard cursor + crlf.count <= end else { throw .invalidHeader }
        return Part(headers: headers, content: body[(cursor + crlf.count)..<end])
    }

    /// Whether `body` holds `pattern` starting at `index`.
    private static func matches(_ pattern: [UInt8], in body: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= body.count else { return false }
        return body[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    /// Where `pattern`, whose first byte is its only CR, next starts in `body` at or after `start`.
    private static func find(_ pattern: [UInt8], in body: [UInt8], from start: Int) -> Int? {
        guard start <= body.count else { return nil }
        var candidate = start
        while let carriageReturn = body[candidate...].firstIndex(of: 13) {
            if matches(pattern, in: body, at: carriageReturn) { return carriageReturn }
            candidate = carriageReturn + 1
        }
        return nil
    }
}

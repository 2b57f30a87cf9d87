import DoorstepHTTP
import Foundation
import Hummingbird
import NIOCore

/// A submitted HTML form: its text values by name (a name may repeat) and any uploaded files.
struct FunnelForm: Sendable {
    private(set) var values: [String: [String]] = [:]
    private(set) var files: [String: Data] = [:]

    /// Why a body could not be read as a form.
    enum ParseError: Error {
        case unsupportedType, malformed
    }

    /// The first value sent under `name`.
    func value(_ name: String) -> String? { values[name]?.first }

    /// A field's value, or "" when the form has none.
    func text(_ name: String) -> String { value(name) ?? "" }

    /// A field's value when the person filled it in; nil when it is missing or empty.
    func filled(_ name: String) -> String? { value(name).flatMap { $0.isEmpty ? nil : $0 } }

    /// Every value sent under `name`, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Reads `application/x-www-form-urlencoded` or `multipart/form-data`.
    static func parse(_ body: ByteBuffer, contentType: String?) throws(ParseError) -> FunnelForm {
        let parts = (contentType ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        switch parts.first?.lowercased() {
        case "application/x-www-form-urlencoded":
            return try urlEncoded(String(buffer: body))
        case "multipart/form-data":
            let boundary = parts.dropFirst().first { $0.lowercased().hasPrefix("boundary=") }?.dropFirst(9)
            guard let boundary, !boundary.isEmpty else { throw .malformed }
            return try multipart(
                body, boundary: String(boundary).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        default:
            throw .unsupportedType
        }
    }

    static func urlEncoded(_ text: String) throws(ParseError) -> FunnelForm {
        var form = FunnelForm()
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(halves[0]), let value = decode(halves.count > 1 ? halves[1] : "") else {
                throw .malformed
            }
            form.values[name, default: []].append(value)
        }
        return form
    }

    private static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    static func multipart(_ body: ByteBuffer, boundary: String) throws(ParseError) -> FunnelForm {
        let parts: [MultipartFormData.Part]
        do {
            parts = try MultipartFormData.parts(of: Array(body.readableBytesView), boundary: boundary)
        } catch {
            throw .malformed
        }
        var form = FunnelForm()
        for part in parts {
            guard let disposition = part.headers["content-disposition"], let name = parameter("name", in: disposition)
            else { continue }
            if parameter("filename", in: disposition) != nil {
                form.files[name] = Data(part.content)
            } else {
                form.values[name, default: []].append(String(decoding: part.content, as: UTF8.self))
            }
        }
        return form
    }

    /// A parameter of a `Content-Disposition` value, such as `name="photo"`.
    private static func parameter(_ key: String, in header: String) -> String? {
        for part in header.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == key else { continue }
            return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}

extension FunnelForm {
    /// The form `request` carries, read up to `size`'s limit (a larger body is refused with 413).
    static func read(_ request: Request, size: FormSize) async throws -> FunnelForm {
        try parse(try await request.body.collect(upTo: size.limit), contentType: request.headers[.contentType])
    }
}

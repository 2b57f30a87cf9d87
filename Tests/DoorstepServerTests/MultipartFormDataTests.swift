import Foundation
import NIOCore
import Testing

@testable import DoorstepWeb

@Suite("Reading multipart/form-data bodies")
struct MultipartFormDataTests {
    static let boundary = "----WebKitFormBoundaryq7Xg3T2pLm9ZcR4a"

    /// A body laid out as Chromium sends a form with a file: each part behind its boundary line.
    static func body(_ parts: [(headers: String, content: [UInt8])]) -> [UInt8] {
        var body: [UInt8] = []
        for part in parts {
            body += Array("--\(boundary)\r\n\(part.headers)\r\n\r\n".utf8) + part.content + Array("\r\n".utf8)
        }
        return body + Array("--\(boundary)--\r\n".utf8)
    }

    @Test("A form's fields, a repeated name and a file come back as sent, bytes and all")
    func form() throws {
        // A file whose bytes hold CRLF, dashes and all but the last byte of the boundary: still content.
        let nearMiss = Array("\r\n--\(Self.boundary.dropLast())x".utf8)
        let photo: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 13, 10, 0, 45, 45] + nearMiss
        let photoHeaders =
            #"Content-Disposition: form-data; name="photo"; filename="me.png""#
            + "\r\nContent-Type: image/png"
        let body = Self.body([
            (#"Content-Disposition: form-data; name="_csrf""#, Array("t0ken".utf8)),
            (#"Content-Disposition: form-data; name="goals""#, Array("strength".utf8)),
            (#"Content-Disposition: form-data; name="goals""#, Array("sleep".utf8)),
            (#"Content-Disposition: form-data; name="firstName""#, Array("Zoë".utf8)),
            (photoHeaders, photo),
        ])
        let form = try FunnelForm.parse(
            ByteBuffer(bytes: body), contentType: "multipart/form-data; boundary=\(Self.boundary)")
        #expect(form.all("goals") == ["strength", "sleep"])
        #expect(form.value("_csrf") == "t0ken")
        #expect(form.value("firstName") == "Zoë")
        #expect(form.files["photo"] == Data(photo))
        #expect(form.value("photo") == nil, "a file is not a text value")
    }

    @Test("A quoted boundary, a preamble, padding after a boundary and an epilogue are read as RFC 2046 says")
    func framing() throws {
        let body =
            "This is the preamble.\r\n--simple boundary \t\r\n"
            + "Content-Disposition: form-data; name=\"email\"\r\n\r\nada@example.com\r\n"
            + "--simple boundary--\r\nThis is the epilogue."
        let form = try FunnelForm.parse(
            ByteBuffer(string: body), contentType: #"multipart/form-data; boundary="simple boundary""#)
        #expect(form.values == ["email": ["ada@example.com"]])
    }

    @Test("A part without a name, or empty, is skipped; its neighbours are kept")
    func namelessParts() throws {
        let body = Self.body([
            ("Content-Type: text/plain", Array("no disposition".utf8)),
            (#"Content-Disposition: form-data; name="kept""#, Array("yes".utf8)),
            (#"Content-Disposition: form-data; name="empty""#, []),
        ])
        let parts = try MultipartFormData.parts(of: body, boundary: Self.boundary)
        #expect(parts.count == 3)
        let form = try FunnelForm.multipart(ByteBuffer(bytes: body), boundary: Self.boundary)
        #expect(form.values == ["kept": ["yes"], "empty": [""]])
    }

    @Test(
        "A body that breaks the framing is refused, not half read",
        arguments: [
            ("no boundary line at all", Array("name=value".utf8), MultipartFormData.Malformed.missingBoundary),
            ("no closing boundary", Array("--b\r\nContent-Type: text/plain\r\n\r\n1".utf8), .unterminatedPart),
            ("text after a boundary on its line", Array("--bx\r\n\r\n\r\n--b--".utf8), .missingBoundary),
            ("a header line with no colon", Array("--b\r\nnot a header\r\n\r\nx\r\n--b--".utf8), .invalidHeader),
            ("headers, then no empty line", Array("--b\r\nContent-Type: text/plain\r\n--b--".utf8), .invalidHeader),
        ])
    func malformed(_ what: String, body: [UInt8], error: MultipartFormData.Malformed) {
        #expect(throws: error, Comment(rawValue: what)) { try MultipartFormData.parts(of: body, boundary: "b") }
    }

    @Test(
        "A boundary RFC 2046 does not allow is refused",
        arguments: ["", String(repeating: "b", count: 71), "line\r\nbreak", "ends in a space ", "semi;colon"])
    func invalidBoundary(_ boundary: String) {
        let body = Array("--\(boundary)\r\n\r\nx\r\n--\(boundary)--".utf8)
        #expect(throws: MultipartFormData.Malformed.invalidBoundary) {
            try MultipartFormData.parts(of: body, boundary: boundary)
        }
    }
}

import DoorstepFlow
import DoorstepServerCore
import Foundation
import Hummingbird

/// An `application/problem+json` body.
package struct Problem {
    var type: String
    var title: String
    var status: Int
    var detail: String
    var code: String
    var errors: [FieldIssue]?
    /// The request's id, as in `X-Request-ID` and the server's log, for a support ticket.
    var requestId: String?
    /// For `mfa_required`: what `POST /v1/auth/mfa` completes.
    var mfaChallenge: String?

    init(_ error: ServiceError) {
        self.type = "https://doorstep.dev/problems/\(error.code.rawValue.replacingOccurrences(of: "_", with: "-"))"
        self.title = Self.titles[error.status] ?? "Error"
        self.status = error.status
        self.detail = error.detail
        self.code = error.code.rawValue
        self.errors = error.fieldProblems.isEmpty ? nil : error.fieldProblems
        self.requestId = RequestTrace.current?.id
        self.mfaChallenge = error.secondFactorChallenge
    }

    /// The body's JSON: keys sorted, absent members left out.
    var value: Value {
        var members: [String: Value] = [
            "type": .string(type), "title": .string(title), "status": .int(status), "detail": .string(detail),
            "code": .string(code),
        ]
        if let errors { members["errors"] = .array(errors.map(\.value)) }
        if let requestId { members["requestId"] = .string(requestId) }
        if let mfaChallenge { members["mfaChallenge"] = .string(mfaChallenge) }
        return .object(members)
    }

    static let titles = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        409: "Conflict", 410: "Gone", 413: "Content Too Large", 415: "Unsupported Media Type",
        422: "Unprocessable Content", 429: "Too Many Requests", 500: "Internal Server Error",
        503: "Service Unavailable",
    ]

    /// The error as a response, with `Retry-After` for 429s; its detail and field messages in
    /// `language` (one of ``ServerMessages``'), English by default.
    package static func response(for error: ServiceError, language: String = "en") -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/problem+json"
        headers[.cacheControl] = "no-store"
        if let retryAfter = error.retryAfter { headers[.retryAfter] = String(retryAfter) }
        // Written by the one-pass writer: every refusal of a crowd is answered with one of these.
        let words = language == "en" ? error : ServerMessages.localized(error, into: language)
        let body = (try? Problem(words).value.jsonData()) ?? Data()
        headers[.contentLanguage] = language
        return Response(
            status: .init(code: error.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

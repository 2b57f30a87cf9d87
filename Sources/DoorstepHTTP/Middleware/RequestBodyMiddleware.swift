import DoorstepServerCore
import Hummingbird
import NIOCore

/// Reads request bodies up front: larger than the limit is 413, a body that is not JSON is 415, and a
/// body that takes longer than the read timeout to arrive closes the connection, so a client sending
/// a byte at a time cannot hold it open.
package struct RequestBodyMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    let limit: Int
    let readTimeout: Duration

    static let tooLarge = ServiceError(status: 413, code: .payloadTooLarge, detail: "The request body is too large.")
    static let unsupported = ServiceError(
        status: 415, code: .unsupportedMediaType, detail: "Send the body as application/json.")

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard [.post, .put, .patch, .delete].contains(request.method) else { return try await next(request, context) }
        let isUpload = request.uri.path == Self.avatarPath
        let isFunnelForm =
            (request.uri.path.hasPrefix("/flows/") || request.uri.path == "/admin"
                || request.uri.path.hasPrefix("/admin/") || request.uri.path == "/account"
                || request.uri.path.hasPrefix("/account/"))
            && request.method == .post
        let limit =
            isUpload
            ? ProfileService.maximumAvatarSize
            : isFunnelForm
                ? FormSize.withPhoto.limit : request.uri.path == Self.eventsPath ? Self.eventsLimit : self.limit
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw Self.tooLarge }
        var request = request
        let body: ByteBuffer
        do {
            body = try await Self.collect(request.body, upTo: limit, within: readTimeout, channel: context.channel)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw Self.tooLarge
        }
        request.body = RequestBody(buffer: body)
        if isFunnelForm {
            // The funnel reads its own forms and answers with pages, not problems.
        } else if isUpload {
            guard Self.isImage(request.headers[.contentType]) else {
                throw ServiceError(
                    status: 415, code: .unsupportedMediaType, detail: "Send the photo as image/jpeg or image/png.")
            }
        } else if body.readableBytes > 0, !Self.isJSON(request.headers[.contentType]) {
            throw Self.unsupported
        }
        return try await next(request, context)
    }

    static let timedOut = ServiceError(
        status: 408, code: "request_timeout", detail: "The request did not arrive in time.")

    /// The whole body, or — when it has not arrived within `timeout` — the connection closed and 408.
    static func collect(
        _ body: RequestBody, upTo limit: Int, within timeout: Duration, channel: any Channel
    ) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else {
                channel.close(promise: nil)
                throw timedOut
            }
            return buffer
        }
    }

    /// Where apps send events: a full batch of 500 takes up to about 330 KB.
    static let eventsPath = "/v1/events"
    static let eventsLimit = 512 * 1024

    /// Where photos are uploaded: bodies there are images of up to 5 MB.
    static let avatarPath = "/v1/me/avatar"

    static func isImage(_ contentType: String?) -> Bool {
        let type = mediaType(contentType)
        return type == "image/jpeg" || type == "image/png"
    }

    /// The media type of a `Content-Type` value, lowercased and without its parameters.
    static func mediaType(_ contentType: String?) -> String {
        guard let contentType else { return "" }
        return (contentType.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
            .trimmingSpacesAndTabs.lowercased()
    }

    static func isJSON(_ contentType: String?) -> Bool {
        let type = mediaType(contentType)
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// Creates it from its parts.
    package init(limit: Int, readTimeout: Duration) {
        self.limit = limit
        self.readTimeout = readTimeout
    }
}

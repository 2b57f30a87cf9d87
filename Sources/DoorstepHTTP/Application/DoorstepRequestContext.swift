import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer's address, for per-IP limits.
public struct DoorstepRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}

/// What the API handlers need to know about the request besides its body. Set by
/// ``RequestInfoMiddleware`` for the handlers the OpenAPI transport calls.
public struct RequestInfo: Sendable {
    @TaskLocal public static var current = RequestInfo(clientAddress: nil, userAgent: nil, bearerToken: nil)

    /// The peer's IP address.
    public var clientAddress: String?
    public var userAgent: String?
    /// The token of an `Authorization: Bearer` header.
    public var bearerToken: String?
}

/// Puts the request's ``RequestInfo`` where the API handlers can read it.
struct RequestInfoMiddleware: RouterMiddleware {
    typealias Context = DoorstepRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var bearer: String?
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                bearer = Self.trimmingSpaces(parts[1])
            } else {
                bearer = ""
            }
        }
        let info = RequestInfo(
            clientAddress: context.remoteAddress?.ipAddress,
            userAgent: request.headers[.userAgent], bearerToken: bearer)
        return try await RequestInfo.$current.withValue(info) {
            try await next(request, context)
        }
    }

    /// `text` without the spaces and tabs around it. Foundation's `trimmingCharacters(in:)` bridges
    /// through `NSString` and cost more than the rest of reading the header on every request.
    static func trimmingSpaces(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}

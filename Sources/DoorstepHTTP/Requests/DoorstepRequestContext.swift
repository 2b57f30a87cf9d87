import DoorstepServerCore
import HTTPTypes
import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the peer's address and the client's, for
/// per-IP limits.
public struct DoorstepRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection: the client, or a proxy in front of it.
    public let remoteAddress: SocketAddress?
    /// The client as ``ClientAddressMiddleware`` found it: the peer, or the address a trusted proxy
    /// names.
    var clientAddress: IPAddress?
    /// Whether the client reached the server over TLS: directly, or as a trusted proxy says.
    var overTLS = false
    /// Whether the connection's peer is a proxy the operator trusts, whose trace context is continued.
    var viaTrustedProxy = false
    /// The connection, closed when a request's body does not arrive in time.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.channel = source.channel
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
    /// The languages the client prefers, most wanted first: one a page's language switch chose (its
    /// `lang` link or cookie), then `Accept-Language`.
    public var preferredLanguages: [String] = []
    /// The device an app names in `X-Doorstep-Device`.
    public var device: ClientDevice? = nil
}

/// Puts the request's ``RequestInfo`` where the API handlers can read it.
package struct RequestInfoMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    static let deviceHeader = HTTPField.Name(ClientDevice.headerName)!

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var bearer: String?
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                bearer = parts[1].trimmingSpacesAndTabs
            } else {
                bearer = ""
            }
        }
        let info = RequestInfo(
            clientAddress: context.clientAddress.map(\.text),
            userAgent: request.headers[.userAgent], bearerToken: bearer,
            preferredLanguages: FunnelLanguage.preferred(by: request),
            device: ClientDevice(header: request.headers[Self.deviceHeader]))
        return try await RequestInfo.$current.withValue(info) {
            try await next(request, context)
        }
    }

    /// Creates it from its parts.
    package init() {
    }
}

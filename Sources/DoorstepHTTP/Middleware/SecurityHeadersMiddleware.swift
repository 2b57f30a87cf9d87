import HTTPTypes
import Hummingbird

/// Headers every response gets. `Cache-Control: no-store` on every answer that does not say how it
/// may be cached, so a session, a token, a code or an invite code is never kept by a browser or a
/// shared cache; and HSTS (RFC 6797) when the browser reached the server over TLS — directly, through
/// a trusted proxy that says so, or because the public URL is https — so it never tries plain HTTP
/// again.
package struct SecurityHeadersMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    /// Whether the public URL is https.
    let publicURLIsHTTPS: Bool

    static let strictTransportSecurity = HTTPField.Name("Strict-Transport-Security")!
    /// A year, the whole host and its subdomains.
    static let hstsValue = "max-age=31536000; includeSubDomains"

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        if publicURLIsHTTPS || context.overTLS {
            response.headers[Self.strictTransportSecurity] = Self.hstsValue
        }
        return response
    }

    /// Creates it from its parts.
    package init(publicURLIsHTTPS: Bool) {
        self.publicURLIsHTTPS = publicURLIsHTTPS
    }
}

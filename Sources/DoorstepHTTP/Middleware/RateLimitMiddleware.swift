import DoorstepServerCore
import Foundation
import Hummingbird

/// Per-client limits on every write under `/v1`, the funnel's forms and the session list: tight on
/// what sends mail or creates accounts, looser on refresh and the rest. A request is counted under
/// the route it reaches, not the path as spelled, so `//v1/auth/code` and `/v1/auth/code/` share the
/// bucket of `/v1/auth/code`; and under the client's address (an IPv6 client by its /64). It runs
/// before the body is read, so a refused request costs no upload. Over the limit is 429
/// `rate_limited` with `Retry-After`.
package struct RateLimitMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    let limiter: RateLimiter
    let clock: any WallClock
    let routes: RouteIndex

    static let limits: [String: RateLimiter.Limit] = [
        "/v1/auth/identify": .init(requests: 30, per: 60),
        "/v1/auth/code": .init(requests: 10, per: 60),
        "/v1/auth/code/verify": .init(requests: 30, per: 60),
        "/v1/auth/signup": .init(requests: 10, per: 60),
        "/v1/auth/login": .init(requests: 30, per: 60),
        "/v1/auth/password/forgot": .init(requests: 10, per: 60),
        "/v1/auth/password/reset": .init(requests: 10, per: 60),
        "/v1/auth/guest": .init(requests: 10, per: 60),
        "/v1/auth/token/refresh": .init(requests: 120, per: 60),
        "/v1/events": .init(requests: 60, per: 60),
        // Where invite codes are guessed: the service's own limit counts per account, and a new guest
        // is one request away.
        "/v1/groups/join": .init(requests: 10, per: 60),
    ]
    /// The auth endpoints without a limit of their own share one bucket.
    static let otherAuthEndpoints = RateLimiter.Limit(requests: 120, per: 60)
    /// Every other write under `/v1`, per route.
    static let otherWrites = RateLimiter.Limit(requests: 120, per: 60)
    /// Forms of the web funnel, the account page and the admin page, which reach the same services
    /// in-process.
    static let funnelForms = RateLimiter.Limit(requests: 120, per: 60)

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let (bucket, limit) = bucket(request) {
            let key = bucket + " " + (context.clientAddress?.limitKey ?? "unknown")
            if let wait = limiter.check(key, limit: limit, now: clock.now) {
                throw ServiceError.rateLimited(retryAfter: wait)
            }
        }
        return try await next(request, context)
    }

    /// The bucket a request is counted in and its limit; nil for a request no limit applies to.
    func bucket(_ request: Request) -> (String, RateLimiter.Limit)? {
        let isWrite = request.method != .get && request.method != .head && request.method != .options
        let route = routes.template(matching: request.uri.path)
        let segments = request.uri.path.split(separator: "/")
        switch segments.first {
        case "flows" where request.method == .post, "admin" where request.method == .post,
            "account" where request.method == .post:
            return ("/flows/*", Self.funnelForms)
        case "v1":
            guard isWrite || route == "/v1/auth/sessions" else { return nil }
            guard let route else { return ("/v1/*", Self.otherWrites) }
            if let limit = Self.limits[route] { return (route, limit) }
            if route.hasPrefix("/v1/auth/") { return ("/v1/auth/*", Self.otherAuthEndpoints) }
            return (route, Self.otherWrites)
        default:
            return nil
        }
    }

    /// Creates it from its parts.
    package init(limiter: RateLimiter, clock: any WallClock, routes: RouteIndex) {
        self.limiter = limiter
        self.clock = clock
        self.routes = routes
    }
}

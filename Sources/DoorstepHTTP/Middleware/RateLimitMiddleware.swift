import DoorstepServerCore
import Foundation
import Hummingbird

/// Per-IP limits on every auth endpoint: tight on what sends mail or creates accounts, looser on
/// refresh. Over the limit is 429 `rate_limited` with `Retry-After`.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = DoorstepRequestContext
    let limiter: RateLimiter
    let clock: any WallClock

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
    ]
    static let otherAuthEndpoints = RateLimiter.Limit(requests: 120, per: 60)
    /// Forms of the web funnel, which reach the same services in-process.
    static let funnelForms = RateLimiter.Limit(requests: 120, per: 60)

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/flows/"), request.method == .post {
            let key = "/flows/* " + (context.remoteAddress?.ipAddress ?? "unknown")
            if let wait = limiter.check(key, limit: Self.funnelForms, now: clock.now) {
                throw ServiceError.rateLimited(retryAfter: wait)
            }
            return try await next(request, context)
        }
        guard path.hasPrefix("/v1/auth/"), request.method != .get || path == "/v1/auth/sessions" else {
            return try await next(request, context)
        }
        let limit = Self.limits[path] ?? Self.otherAuthEndpoints
        let bucket = Self.limits[path] == nil ? "/v1/auth/*" : path
        let key = bucket + " " + (context.remoteAddress?.ipAddress ?? "unknown")
        if let wait = limiter.check(key, limit: limit, now: clock.now) {
            throw ServiceError.rateLimited(retryAfter: wait)
        }
        return try await next(request, context)
    }
}

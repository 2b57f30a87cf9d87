import DoorstepServerCore
import HTTPTypes
import Hummingbird
import Logging

/// One log line per request — its id, method, route template, status, duration and account when
/// known — and `X-Request-ID` on every response; the same request counted and timed in the
/// metrics. Never a token, code, password or email: the path logged is the route's template, not
/// the request's. Requests refused with 429 are counted, not logged, so a crowd that does not wait
/// cannot flood the log.
package struct AccessLogMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    static let header = HTTPField.Name("X-Request-ID")!

    let logger: Logger
    let random: any RandomSource
    let metrics: DoorstepMetrics

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let trace = RequestTrace(
            id: Self.acceptedID(request.headers[Self.header]) ?? random.token(bytes: 12),
            networkPrefix: (context.clientAddress?.text).flatMap(NetworkAddress.init)?.networkPrefix,
            clientKey: context.clientAddress?.limitKey)
        let started = ContinuousClock.now
        var response = try await RequestTrace.$current.withValue(trace) { try await next(request, context) }
        response.headers[Self.header] = trace.id
        let elapsed = ContinuousClock.now - started
        let route = Self.route(of: context)
        metrics.request(
            route: route, method: request.method.rawValue, status: response.status.code,
            nanoseconds: elapsed.inNanoseconds)
        guard response.status != .tooManyRequests else {
            metrics.rateLimited(route: route)
            return response
        }
        // Building the line costs more than the rest of a cached read: only when it is written.
        guard logger.logLevel <= .info else { return response }
        let milliseconds = elapsed.inSeconds * 1_000
        var metadata: Logger.Metadata = [
            "request_id": "\(trace.id)", "method": "\(request.method.rawValue)",
            "route": "\(route)", "status": "\(response.status.code)",
            "duration_ms": "\((milliseconds * 10).rounded() / 10)",
        ]
        if let user = trace.userID { metadata["user_id"] = "\(user)" }
        logger.info("request", metadata: metadata)
        return response
    }

    /// The route's template, or `unmatched` for a path no route has: never the raw path, which may
    /// hold anything a client sends and would grow the metrics without bound.
    static func route(of context: Context) -> String {
        guard let path = context.endpointPath, path != "NotFound" else { return "unmatched" }
        return path
    }

    /// A client's request id, when it is a reasonable one: 1–128 visible ASCII characters without
    /// spaces or quotes. Anything else is replaced, so a log line cannot be forged through it.
    static func acceptedID(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C })
        else { return nil }
        return value
    }

    /// Creates it from its parts.
    package init(logger: Logger, random: any RandomSource, metrics: DoorstepMetrics) {
        self.logger = logger
        self.random = random
        self.metrics = metrics
    }
}

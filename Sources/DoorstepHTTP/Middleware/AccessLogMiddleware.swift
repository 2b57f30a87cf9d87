import DoorstepServerCore
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// What one request's log line says about it beyond the request itself: its id, and the account
/// once a handler knows it. Handlers reach it through ``RequestTrace/current``.
public final class RequestTrace: Sendable {
    @TaskLocal public static var current: RequestTrace?

    /// The id of the request, from `X-Request-ID` or made here.
    public let id: String
    private let user = Mutex<String?>(nil)

    init(id: String) {
        self.id = id
    }

    /// The account the request acts for, once known.
    public var userID: String? { user.withLock { $0 } }

    /// Notes the account the request acts for.
    public func record(userID: String) {
        user.withLock { $0 = userID }
    }
}

/// One log line per request — its id, method, route template, status, duration and account when
/// known — and `X-Request-ID` on every response. Never a token, code, password or email: the path
/// logged is the route's template, not the request's. Requests refused with 429 are counted, not
/// logged, so a crowd that does not wait cannot flood the log.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = DoorstepRequestContext
    static let header = HTTPField.Name("X-Request-ID")!

    let logger: Logger
    let random: any RandomSource
    let refusals = RefusalCounter()

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let trace = RequestTrace(id: Self.acceptedID(request.headers[Self.header]) ?? random.token(bytes: 12))
        let started = ContinuousClock.now
        var response = try await RequestTrace.$current.withValue(trace) { try await next(request, context) }
        response.headers[Self.header] = trace.id
        guard response.status != .tooManyRequests else {
            refusals.add()
            return response
        }
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        var metadata: Logger.Metadata = [
            "request_id": "\(trace.id)", "method": "\(request.method.rawValue)",
            "route": "\(context.endpointPath ?? "unmatched")", "status": "\(response.status.code)",
            "duration_ms": "\((milliseconds * 10).rounded() / 10)",
        ]
        if let user = trace.userID { metadata["user_id"] = "\(user)" }
        logger.info("request", metadata: metadata)
        return response
    }

    /// A client's request id, when it is a reasonable one: 1–128 visible ASCII characters without
    /// spaces or quotes. Anything else is replaced, so a log line cannot be forged through it.
    static func acceptedID(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C })
        else { return nil }
        return value
    }
}

/// How many requests were refused with 429 since the server started.
final class RefusalCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func add() {
        count.add(1, ordering: .relaxed)
    }
}

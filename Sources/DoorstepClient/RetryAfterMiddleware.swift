import Foundation
import HTTPTypes
import OpenAPIRuntime

/// How the SDK waits when the server is busy.
public struct RetryPolicy: Sendable {
    /// The longest the SDK waits in all for one call before it reports `rate_limited`.
    public var maximumTotalWait: Duration
    /// A fraction of each wait added at random (0–`jitter`), so a crowd of apps told to wait the same
    /// second does not come back in the same instant.
    public var jitter: Double
    /// Draws a number in 0...1; tests pass a fixed one.
    public var random: @Sendable () -> Double
    /// Waits; tests pass one that records instead.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a policy.
    public init(
        maximumTotalWait: Duration = .seconds(10), jitter: Double = 0.25,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.maximumTotalWait = maximumTotalWait
        self.jitter = jitter
        self.random = random
        self.sleep = sleep
    }

    /// Waits up to ten seconds in all, with up to a quarter of each wait added at random.
    public static let standard = RetryPolicy()
    /// Never waits: a busy server's 429 comes back at once.
    public static let never = RetryPolicy(maximumTotalWait: .zero)
}

/// Honours `Retry-After` on 429 for the calls that are safe to repeat — log-in, sign-up, code
/// requests and token refresh — waiting as the server asks (with jitter) until the policy's budget is
/// spent, then handing back the last 429.
struct RetryAfterMiddleware: ClientMiddleware {
    static let repeatable: Set<String> = ["logIn", "signUp", "sendCode", "forgotPassword", "refreshToken"]
    /// The largest body kept to send again; auth requests are far smaller.
    static let bodyLimit = 64 * 1024

    let policy: RetryPolicy

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.repeatable.contains(operationID), policy.maximumTotalWait > .zero else {
            return try await next(request, body, baseURL)
        }
        let bytes: Data? =
            if let body { try await Data(collecting: body, upTo: Self.bodyLimit) } else { nil }
        var waited = Duration.zero
        while true {
            let (response, responseBody) = try await next(request, bytes.map { HTTPBody($0) }, baseURL)
            guard response.status == .tooManyRequests,
                let seconds = response.headerFields[.retryAfter].flatMap(Int.init), seconds >= 0
            else { return (response, responseBody) }
            let wait = Duration.seconds(seconds) * (1 + policy.jitter * min(max(policy.random(), 0), 1))
            guard waited + wait <= policy.maximumTotalWait else { return (response, responseBody) }
            try await policy.sleep(wait)
            waited += wait
        }
    }
}

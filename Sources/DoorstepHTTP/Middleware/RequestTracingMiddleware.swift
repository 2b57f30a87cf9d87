import DoorstepServerCore
import HTTPTypes
import Hummingbird
import Tracing

/// A server span per request, named by its method and route template (`POST /v1/auth/signup`): never
/// the raw path, the query or the client's address. It continues the trace of a W3C `traceparent` only
/// when the request came through a proxy the operator trusts; anyone else's starts a new trace, so a
/// client cannot join or flood another trace.
package struct RequestTracingMiddleware: RouterMiddleware {
    package typealias Context = DoorstepRequestContext
    static let traceParent = HTTPField.Name("traceparent")!
    static let traceState = HTTPField.Name("tracestate")!

    let spans: Spans

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var parent = InstrumentationContext.topLevel
        if context.viaTrustedProxy, let traceParent = request.headers[Self.traceParent] {
            var fields = ["traceparent": traceParent]
            fields["tracestate"] = request.headers[Self.traceState]
            parent = spans.context(continuing: fields)
        }
        // A method OpenTelemetry does not know is `_OTHER`: a client cannot name spans at will.
        let method = Self.knownMethods.contains(request.method.rawValue) ? request.method.rawValue : "_OTHER"
        return try await spans.within(method, context: parent, kind: .server) { span in
            span.attributes["http.request.method"] = method
            do {
                let response = try await next(request, context)
                describe(span, route: AccessLogMiddleware.route(of: context), status: response.status.code)
                return response
            } catch let error as any HTTPResponseError {
                describe(span, route: AccessLogMiddleware.route(of: context), status: error.status.code)
                throw error
            }
        }
    }

    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ]

    private func describe(_ span: any Span, route: String, status: Int) {
        span.operationName = "\(span.operationName) \(route)"
        span.attributes["http.route"] = route
        span.attributes["http.response.status_code"] = status
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }

    /// Creates it from its parts.
    package init(spans: Spans) {
        self.spans = spans
    }
}

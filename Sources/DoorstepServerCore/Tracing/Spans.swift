import Tracing

/// Where the server's spans go, and how a span's trace travels with a job a sender runs later (a mail,
/// a webhook delivery). Off — a tracer that records nothing — unless the server is given one. A span
/// carries names, route templates, kinds and counts: never an address, a code, a token or a password.
public struct Spans: Sendable {
    let tracer: any Tracer

    /// No spans.
    public static let off = Spans(NoOpTracer())

    /// Spans recorded by `tracer`.
    public init(_ tracer: any Tracer) {
        self.tracer = tracer
    }

    /// Runs `work` in a span named `name`: a child of `context`'s span, or of the span under way when
    /// no context is given. A thrown error is recorded on the span and rethrown.
    public func within<Result>(
        _ name: String, context: InstrumentationContext? = nil, kind: SpanKind = .internal,
        attributes: SpanAttributes = [:], isolation: isolated (any Actor)? = #isolation,
        _ work: (any Span) async throws -> Result
    ) async rethrows -> Result {
        try await tracer.withAnySpan(
            name, context: context ?? .current ?? .topLevel, ofKind: kind, isolation: isolation
        ) { span in
            if !attributes.isEmpty { span.attributes.merge(attributes) }
            return try await Self.$tracing.withValue(true) { try await work(span) }
        }
    }

    /// Runs `work` in a span named `name` when a trace is under way (a request's, a queued job's), and
    /// as it is otherwise: the server's background polls of its queues make no traces of their own.
    public func withinTrace<Result>(
        _ name: String, kind: SpanKind = .internal, isolation: isolated (any Actor)? = #isolation,
        _ work: () async throws -> Result
    ) async rethrows -> Result {
        guard Self.tracing else { return try await work() }
        return try await within(name, kind: kind, isolation: isolation) { _ in try await work() }
    }

    /// Runs `work` in a span named `name` of the trace `traceParent` names (a job's, kept from the
    /// request that made it), or of a new trace when there is none.
    public func within<Result>(
        _ name: String, continuing traceParent: String?, kind: SpanKind = .internal,
        attributes: SpanAttributes = [:], isolation: isolated (any Actor)? = #isolation,
        _ work: (any Span) async throws -> Result
    ) async rethrows -> Result {
        let context = traceParent.map { self.context(continuing: [Self.traceParentField: $0]) } ?? .topLevel
        return try await within(
            name, context: context, kind: kind, attributes: attributes, isolation: isolation, work)
    }

    /// The W3C `traceparent` of the span under way, to keep with a job; nil when tracing is off, no
    /// span is under way, or the tracer propagates no W3C trace context (`OTEL_PROPAGATORS` without
    /// `tracecontext`).
    public func currentTraceParent() -> String? {
        traceFields()[Self.traceParentField]
    }

    /// The trace-context fields (`traceparent`, `tracestate`) of the span under way, for a request
    /// this server sends on.
    public func traceFields() -> [String: String] {
        guard let context = InstrumentationContext.current else { return [:] }
        var fields: [String: String] = [:]
        tracer.inject(context, into: &fields, using: FieldInjector())
        return fields
    }

    /// A context continuing the trace that trace-context fields name (those of a request from a proxy
    /// the server trusts, or a queued job's), for the span that carries it on.
    public func context(continuing fields: [String: String]) -> InstrumentationContext {
        var context = InstrumentationContext.topLevel
        tracer.extract(fields, into: &context, using: FieldExtractor())
        return context
    }

    static let traceParentField = "traceparent"

    /// Whether the current task runs inside a span this server opened (whatever propagator the
    /// tracer is configured with).
    @TaskLocal static var tracing = false
}

/// Writes trace-context fields into a dictionary of header-like fields.
struct FieldInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key] = value
    }
}

/// Reads trace-context fields from a dictionary of header-like fields, whatever their case.
struct FieldExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? {
        carrier[key] ?? carrier.first { $0.key.lowercased() == key.lowercased() }?.value
    }
}

import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation
import Logging
import OTel
import ServiceLifecycle

/// The server's traces: spans exported over OTLP/HTTP (protobuf) when an endpoint is configured, and
/// none otherwise. The standard `OTEL_*` variables (service name, resource attributes, sampler, batch
/// delays, exporter headers and timeouts, `OTEL_SDK_DISABLED`) are read as OpenTelemetry defines them.
public struct ServerTracing: Sendable {
    /// Where the server's parts record their spans.
    public let spans: Spans
    /// Sends the spans in batches beside the server, and what is left when it stops.
    let exporter: (any Service)?

    /// No traces.
    public static let off = ServerTracing(spans: .off, exporter: nil)

    /// Traces for the collector at `endpoint` (its base URL, such as `http://collector:4318`; spans go
    /// to `/v1/traces` under it), or for the one the environment names
    /// (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); off when neither is set
    /// or `OTEL_SDK_DISABLED` is true.
    public static func otlp(endpoint: String?, environment: [String: String], logger: Logger) throws -> ServerTracing {
        let named = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"].contains {
            !(environment[$0] ?? "").isEmpty
        }
        guard endpoint != nil || named, environment["OTEL_SDK_DISABLED"]?.lowercased() != "true" else {
            return .off
        }
        var configuration = OTel.Configuration.default
        configuration.serviceName = "doorstep"
        // Its own lines at warning and above only: at info it logs the value of every OTEL_* variable it
        // reads, and OTEL_EXPORTER_OTLP_HEADERS holds a collector's key.
        configuration.diagnosticLogger = .custom(logger)
        configuration.diagnosticLogLevel = .warning
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.enabled = true
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        if let endpoint { configuration.traces.otlpExporter.endpoint = Self.tracesURL(base: endpoint) }
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        return ServerTracing(spans: Spans(backend.factory), exporter: backend.service)
    }

    /// Where spans go under a collector's base URL, as OpenTelemetry derives it from
    /// `OTEL_EXPORTER_OTLP_ENDPOINT`.
    static func tracesURL(base: String) -> String {
        base.hasSuffix("/") ? base + "v1/traces" : base + "/v1/traces"
    }

    /// Adds the trace and span ids of the span under way (`trace_id`, `span_id`, `trace_flags`) to every
    /// log line written inside it.
    public static let logMetadata: Logger.MetadataProvider = OTel.makeLoggingMetadataProvider()
}

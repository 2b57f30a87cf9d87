import Foundation

/// A real OTLP/HTTP receiver (`Tests/Peers/otlp_peer.py`, decoding with `opentelemetry-proto` from
/// PyPI) on a free loopback port, with a folder of the spans it was sent.
public final class OTLPPeer: Sendable {
    public let port: Int
    public let folder: URL
    private let process: Process

    /// One span as the receiver decoded it; ids are lowercase hex.
    public struct Span: Decodable, Sendable {
        public var traceID: String
        public var spanID: String
        public var parentSpanID: String
        public var name: String
        /// OTLP's span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer.
        public var kind: Int
        /// OTLP's status code: 0 unset, 1 ok, 2 error.
        public var status: Int
        public var statusMessage: String
        /// What happened during the span, such as an error recorded on it (`exception`).
        public var events: [Event]
        public var attributes: [String: WebhookPeer.JSONScalar]
        public var resource: [String: WebhookPeer.JSONScalar]

        /// An event on a span.
        public struct Event: Decodable, Sendable {
            public var name: String
            public var attributes: [String: WebhookPeer.JSONScalar]
        }

        enum CodingKeys: String, CodingKey {
            case traceID = "trace_id"
            case spanID = "span_id"
            case parentSpanID = "parent_span_id"
            case statusMessage = "status_message"
            case name, kind, status, events, attributes, resource
        }

        /// Every word the span carries: its name, status message, attributes, events and resource.
        public var words: [String] {
            [name, statusMessage] + attributes.map { "\($0.key)=\($0.value)" }
                + events.flatMap { event in [event.name] + event.attributes.map { "\($0.key)=\($0.value)" } }
                + resource.map { "\($0.key)=\($0.value)" }
        }
    }

    /// Starts a receiver on a free port.
    public init() async throws {
        port = try SMTPPeer.freePort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("otlp-peer-\(UUID().uuidString)")
        process = try await Process.peer(
            "otlp_peer.py", python: try WebhookPeer.python(), arguments: ["--port", String(port), "--dir", folder.path])
    }

    deinit { process.stopSoon() }

    /// The base URL a server is given as `--otlp-endpoint`.
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// The spans received so far, in the order they came.
    public func spans() throws -> [Span] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try files.filter { $0.hasSuffix(".json") }.sorted().map {
            try JSONDecoder().decode(Span.self, from: Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// Waits until `done` holds for the spans received, or `seconds` pass; returns the spans received.
    public func wait(within seconds: Double, until done: ([Span]) -> Bool) async throws -> [Span] {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let spans = try spans()
            if done(spans) { return spans }
            try await Task.sleep(for: .milliseconds(100))
        } while Date() < deadline
        return try spans()
    }
}

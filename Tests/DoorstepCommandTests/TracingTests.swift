import DoorstepTestSupport
import Foundation
import Testing

/// `doorstep serve --otlp-endpoint` sending its spans to a real OTLP/HTTP receiver (Python's
/// `opentelemetry-proto` decoding the protobuf), as an operator's collector would get them.
@Suite("Traces over OTLP from a live server")
struct TracingTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    /// A server exporting to `collector` every 100 ms, with JSON log lines.
    /// A collector's key, as an operator gives it: it must never reach the log.
    static let collectorKey = "Collector-Key-4242"

    func serve(_ collector: OTLPPeer, database: String? = nil, _ arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess(
            runner: doorstep, database: database,
            arguments: ["--otlp-endpoint", collector.endpoint, "--log-format", "json", "--rate-limits", "off"]
                + arguments,
            environment: [
                "OTEL_BSP_SCHEDULE_DELAY": "100", "OTEL_EXPORTER_OTLP_HEADERS": "x-collector-key=\(Self.collectorKey)",
            ])
    }

    @Test("A sign-up with a password is one trace: the request, its transaction, the hash, the mail and the webhook")
    func signUpIsOneTrace() async throws {
        let collector = try await OTLPPeer()
        let receiver = try await WebhookPeer()
        let database = FileManager.default.temporaryDirectory
            .appendingPathComponent("doorstep-\(UUID().uuidString).sqlite").path
        let added = try await doorstep.run(
            "webhooks", "add", receiver.url, "--events", "user.created", "--json", "--database", database,
            "--allow-private")
        #expect(added.status == 0, "\(added.standardError)")
        let endpoint = try JSONSerialization.jsonObject(with: Data(added.standardOutput.utf8)) as? [String: Any]
        try receiver.use(secret: try #require(endpoint?["secret"] as? String))
        let server = try serve(collector, database: database, ["--webhooks-allow-private"])
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())

        let email = "traced@example.com"
        let password = "Amber-Lantern-Tide-4"
        let signUp = try await http.send("POST", "v1/auth/signup", json: ["email": email, "password": password])
        #expect(signUp.status == 201)
        let token = try #require((signUp.json as? [String: Any])?["accessToken"] as? String)
        let code = try await latestCode(to: email, servers: [http.base])

        let wanted: Set<String> = [
            "POST /v1/auth/signup", "storage.transaction", "password.queue", "password.hash", "mail.deliver",
            "webhook.deliver",
        ]
        let spans = try await collector.wait(within: 60) { spans in
            guard let root = spans.first(where: { $0.name == "POST /v1/auth/signup" }) else { return false }
            return Set(spans.filter { $0.traceID == root.traceID }.map(\.name)).isSuperset(of: wanted)
        }
        let root = try #require(spans.first { $0.name == "POST /v1/auth/signup" })
        let trace = spans.filter { $0.traceID == root.traceID }
        #expect(Set(trace.map(\.name)).isSuperset(of: wanted), "\(trace.map(\.name))")
        #expect(root.kind == 2 && root.parentSpanID.isEmpty, "a server span that starts the trace")
        #expect(root.attributes["http.route"]?.string == "/v1/auth/signup")
        #expect(root.attributes["http.response.status_code"] == .int(201))
        let ids = Set(trace.map(\.spanID))
        #expect(trace.allSatisfy { $0.parentSpanID.isEmpty || ids.contains($0.parentSpanID) }, "one tree")
        let mail = try #require(trace.first { $0.name == "mail.deliver" })
        #expect(mail.attributes["mail.kind"]?.string == "verifyEmail")
        #expect(mail.attributes["mail.outcome"]?.string == "sent")
        #expect(root.resource["service.name"]?.string == "doorstep")
        #expect(
            !spans.contains { $0.parentSpanID.isEmpty && $0.name.hasPrefix("storage.") },
            "the queues' background polls make no traces")

        // Nothing a person typed or was sent is in any span of any trace.
        let everything = try spans.map { String(decoding: try JSONEncoder().encode($0.words), as: UTF8.self) }
        for secret in [email, "traced", code, password, token] {
            #expect(!everything.contains { $0.contains(secret) }, "\(secret) is in a span")
        }

        // The receiver was sent the delivery span's context: the same trace.
        let deliveries = try await receiver.wait { !$0.isEmpty }
        let traceParent = try #require(deliveries.first?.traceparent)
        #expect(traceParent.split(separator: "-").dropFirst().first.map(String.init) == root.traceID)

        // The request's log line carries the trace and span ids.
        let lines = server.log.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let logged = try #require(lines.first { $0["route"] as? String == "/v1/auth/signup" })
        #expect(logged["trace_id"] as? String == root.traceID)
        #expect(!server.log.contains(Self.collectorKey), "the collector's key is not logged")
        #expect((logged["span_id"] as? String).map(ids.contains) == true)
    }

    @Test("A trace context is continued from a trusted proxy only; the funnel's code mail hangs under its effect")
    func traceContextAndEffects() async throws {
        let collector = try await OTLPPeer()
        let trusting = try serve(collector, ["--trusted-proxy", "127.0.0.1/32"])
        defer { trusting.terminate() }
        let other = try serve(collector)
        defer { other.terminate() }
        let trusted = HTTP(base: try await trusting.waitUntilListening())
        let untrusted = HTTP(base: try await other.waitUntilListening())
        let (trace, parent) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7")
        let header = ["traceparent": "00-\(trace)-\(parent)-01"]
        #expect(try await trusted.send("GET", "healthz", headers: header).status == 200)
        #expect(try await untrusted.send("GET", "readyz", headers: header).status == 200)
        _ = try await untrusted.send("PROPFIND", "healthz")

        let browser = RawBrowser(base: untrusted.base)
        var page = try await browser.get("flows/tanda")
        page = try await browser.post("flows/tanda", form: page, ["_screen": "slide1", "_action": "getStarted"])
        page = try await browser.post(
            "flows/tanda", form: page,
            ["_screen": "createAccount", "_action": "continue", "email": "walker@example.com"])
        #expect(RawBrowser.capture(#"name="_screen" value="([^"]*)""#, in: page) == "verifyEmail")

        // The mail's span may be exported before the page's request ends: wait for both in one trace.
        let spans = try await collector.wait(within: 60) { spans in
            let mails = Set(spans.filter { $0.name == "mail.deliver" }.map(\.traceID))
            return spans.contains { $0.name == "GET /healthz" } && spans.contains { $0.name == "GET /readyz" }
                && spans.contains { $0.name.hasPrefix("_OTHER ") }
                && spans.contains { $0.name == "POST /flows/{id}" && mails.contains($0.traceID) }
        }
        let health = try #require(spans.first { $0.name == "GET /healthz" })
        #expect(health.traceID == trace && health.parentSpanID == parent, "continued from the proxy")
        let ready = try #require(spans.first { $0.name == "GET /readyz" })
        #expect(ready.traceID != trace && ready.parentSpanID.isEmpty, "a client's own context is not taken")

        #expect(
            spans.contains { $0.name.hasPrefix("_OTHER ") } && !spans.contains { $0.name.contains("PROPFIND") },
            "a method outside HTTP's own names no span")

        let mail = try #require(spans.first { $0.name == "mail.deliver" })
        let byID = Dictionary(spans.map { ($0.spanID, $0) }) { first, _ in first }
        var ancestors: [String] = []
        var next = byID[mail.parentSpanID]
        while let span = next {
            ancestors.append(span.name)
            next = byID[span.parentSpanID]
        }
        #expect(ancestors.contains("flow.effect sendCode"), "\(ancestors)")
        #expect(ancestors.last == "POST /flows/{id}", "\(ancestors)")
        #expect(!spans.contains { $0.words.joined().contains("walker") })
    }

    @Test("An OTLP endpoint that is not an http(s) URL is refused in one line")
    func badEndpoint() async throws {
        let refused = try await doorstep.run("serve", "--otlp-endpoint", "collector:4318", "--port", "0")
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("OTLP endpoint"))
    }
}

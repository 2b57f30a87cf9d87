import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("doorstep serve --metrics", .serialized)
struct MetricsCommandTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    /// The samples of a Prometheus text exposition, by series (name and labels as written).
    static func samples(_ exposition: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in exposition.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        return samples
    }

    static func scrape(_ base: URL) async throws -> (status: Int, text: String) {
        let (data, response) = try await URLSession.shared.data(from: base.appendingPathComponent("metrics"))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("After a short load /metrics counts requests, sign-ups, sign-ins, failures, codes, refreshes and flows")
    func scrapeAfterLoad() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--metrics", "on"])
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let password = "Copper-Kettle-5150"
        var sessions: [[String: Any]] = []
        for name in ["ana", "ben", "cai"] {
            let signUp = try await http.send(
                "POST", "v1/auth/signup", json: ["email": "\(name)@example.com", "password": password])
            #expect(signUp.status == 201)
            sessions.append(try #require(signUp.json as? [String: Any]))
        }
        let wrong = try await http.send(
            "POST", "v1/auth/login", json: ["email": "ana@example.com", "password": "not-\(password)"])
        #expect(wrong.status == 401)
        let logIn = try await http.send(
            "POST", "v1/auth/login", json: ["email": "ana@example.com", "password": password])
        #expect(logIn.status == 200)
        let code = try await http.send("POST", "v1/auth/code", json: ["email": "dee@example.com", "purpose": "signup"])
        #expect(code.status == 202)
        let refreshToken = try #require(sessions[1]["refreshToken"] as? String)
        #expect(
            try await http.send("POST", "v1/auth/token/refresh", json: ["refreshToken": refreshToken]).status == 200)
        let token = try #require(sessions[0]["accessToken"] as? String)
        for _ in 0..<20 { #expect(try await http.send("GET", "v1/me", bearer: token).status == 200) }
        let answers = try await http.send(
            "POST", "v1/me/flows/destiny/answers", json: ["flowVersion": 1, "answers": ["cityOfBirth": "Paris"]],
            bearer: token)
        #expect(answers.status == 200)
        #expect(try await http.send("GET", "no-such-page").status == 404)

        let scrape = try await Self.scrape(base)
        #expect(scrape.status == 200)
        let samples = Self.samples(scrape.text)
        #expect(samples[#"doorstep_http_requests_total{route="/v1/me",method="GET",status_class="2xx"}"#] == 20)
        #expect(samples[#"doorstep_http_requests_total{route="unmatched",method="GET",status_class="4xx"}"#] == 1)
        #expect(samples[#"doorstep_http_request_duration_seconds_count{route="/v1/me",method="GET"}"#] == 20)
        #expect(samples[#"doorstep_signups_total{method="password"}"#] == 3)
        #expect(samples[#"doorstep_signins_total{method="password"}"#] == 1)
        #expect(samples[#"doorstep_signin_failures_total{method="password",reason="invalid_credentials"}"#] == 1)
        #expect(samples[#"doorstep_codes_sent_total{purpose="verifyEmail"}"#] == 3)
        #expect(samples[#"doorstep_codes_sent_total{purpose="signup"}"#] == 1)
        #expect(samples["doorstep_token_refreshes_total"] == 1)
        #expect(samples[#"doorstep_flow_completions_total{flow="destiny"}"#] == 1)
        #expect(samples["doorstep_password_hashes_running"] == 0, "no hash is running once the load is over")
        #expect(samples["doorstep_password_hashes_waiting"] == 0)
        #expect((samples[#"doorstep_storage_duration_seconds_count{kind="transaction"}"#] ?? 0) > 5)
        #expect((samples[#"doorstep_mail_deliveries_total{result="sent"}"#] ?? 0) >= 1)
        #expect(samples["doorstep_mail_outbox_failed"] == 0)

        #expect(!scrape.text.contains("@"), "no email in any label")
        #expect(!scrape.text.contains("no-such-page"), "raw paths are not labels")
        #expect(!scrape.text.contains(password))
        #expect(!scrape.text.contains(token))
        #expect(await server.stop() == 0)
    }

    @Test("Every family on a live /metrics has # HELP and # TYPE; readiness and both queues are read at the scrape")
    func everyFamilyExplained() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--metrics", "on"])
        let base = try await server.waitUntilListening()
        let signUp = try await HTTP(base: base).send(
            "POST", "v1/auth/signup", json: ["email": "eve@example.com", "password": "Copper-Kettle-5150"])
        #expect(signUp.status == 201)
        let scrape = try await Self.scrape(base)
        let lines = scrape.text.split(separator: "\n")
        let typed = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        let helped = lines.filter { $0.hasPrefix("# HELP ") }.map { $0.split(separator: " ")[2] }
        #expect(!typed.isEmpty && typed == helped, "a # HELP line before each # TYPE line")
        let samples = Self.samples(scrape.text)
        #expect(samples["doorstep_ready"] == 1)
        #expect(samples["doorstep_webhook_queue_pending"] == 0)
        #expect(samples["doorstep_webhook_queue_oldest_pending_age_seconds"] == 0)
        #expect(samples["doorstep_mail_outbox_oldest_pending_age_seconds"] != nil)
        #expect((samples["doorstep_password_hash_workers"] ?? 0) >= 1)
        #expect(await server.stop() == 0)
    }

    @Test("Without --metrics there is no /metrics")
    func offByDefault() async throws {
        let server = try ServerProcess(runner: doorstep)
        let base = try await server.waitUntilListening()
        #expect(try await Self.scrape(base).status == 404)
        #expect(await server.stop() == 0)
    }
}

import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

/// App Attest and the policy per action over the real router.
@Suite("App Attest over HTTP")
struct AppAttestAPITests {
    static let header = HTTPField.Name(AppAssertion.headerName)!

    static func server(
        _ policy: String, apple: TestAppAttest, metrics: ServerMetrics = .disabled
    ) async throws -> TestServer {
        try await TestServer.make(metrics: metrics) { configuration in
            configuration.appleAppIDs = [TestAppAttest.appID]
            configuration.appAttest.rootCertificates = [apple.rootDER]
            configuration.appAttest.policy = try! HumanProofPolicy(parsing: policy)
        }
    }

    /// Attests `device` through the endpoints.
    static func attest(_ device: AttestingDevice, apple: TestAppAttest, client: TestHTTPClient) async throws {
        let challenge = try await client.post("/v1/device/attest/challenge")
        #expect(challenge.status == 201, "\(challenge.text)")
        let text = try #require(challenge.json["challenge"] as? String)
        let object = try apple.attestation(
            of: device, clientDataHash: TestAppAttest.hash(try #require(Base64URL.decode(text))))
        let attested = try await client.post(
            "/v1/device/attest",
            [
                "keyId": Data(device.keyID).base64EncodedString(), "attestationObject": Base64URL.encode(object),
                "challenge": text,
            ])
        #expect(attested.status == 201, "\(attested.text)")
        #expect(attested.json["keyId"] as? String == Base64URL.encode(device.keyID))
    }

    /// Posts `object` with an assertion of `device` over its body and a fresh challenge.
    static func post(
        _ path: String, _ object: [String: Any], device: AttestingDevice?, counter: UInt32, client: TestHTTPClient,
        tamper: Bool = false
    ) async throws -> TestResponse {
        let body = try JSONSerialization.data(withJSONObject: object)
        var headers: [HTTPField.Name: String] = [:]
        if let device {
            let challenge = try await client.post("/v1/device/attest/challenge")
            let bytes = try #require(Base64URL.decode(challenge.json["challenge"] as? String ?? ""))
            let signed = tamper ? Data("{}".utf8) : body
            headers[header] = try device.header(body: Array(signed), challenge: bytes, counter: counter)
        }
        return try await client.send(.post, path, body: String(decoding: body, as: UTF8.self), headers: headers)
    }

    @Test("Under enforce, sign-up and code sends without an assertion are refused with a clear problem")
    func enforceRefusesScripts() async throws {
        let apple = try TestAppAttest()
        let server = try await Self.server("sign-up=enforce,code-send=enforce", apple: apple)
        try await server.test { client in
            let signUp = try await client.post(
                "/v1/auth/signup", ["email": "script@example.com", "password": "Shield-Up-2026!"])
            #expect(signUp.status == 403)
            #expect(signUp.code == "attestation_required")
            #expect(signUp.headers[.contentType] == "application/problem+json")
            #expect((signUp.json["detail"] as? String)?.isEmpty == false)
            let code = try await client.post("/v1/auth/code", ["email": "script@example.com", "purpose": "login"])
            #expect(code.status == 403 && code.code == "attestation_required")
            // A password reset mails a code too.
            let reset = try await client.post("/v1/auth/password/forgot", ["email": "script@example.com"])
            #expect(reset.status == 403 && reset.code == "attestation_required")
            let unreadable = try await client.send(
                .post, "/v1/auth/signup", body: #"{"email":"x@example.com","password":"Shield-Up-2026!"}"#,
                headers: [Self.header: "not.an.assertion!"])
            #expect(unreadable.status == 403 && unreadable.code == "attestation_invalid")
            // Actions the policy leaves off go on.
            #expect(try await client.post("/v1/auth/guest").status == 201)
        }
    }

    @Test("Under enforce, the genuine app's assertions pass; a replayed or tampered one is refused")
    func enforcePassesTheApp() async throws {
        let apple = try TestAppAttest()
        let server = try await Self.server("sign-up=enforce,code-send=enforce", apple: apple)
        try await server.test { client in
            let device = AttestingDevice()
            try await Self.attest(device, apple: apple, client: client)
            let signUp = try await Self.post(
                "/v1/auth/signup", ["email": "app@example.com", "password": "Shield-Up-2026!"], device: device,
                counter: 1, client: client)
            #expect(signUp.status == 201, "\(signUp.text)")
            let code = try await Self.post(
                "/v1/auth/code", ["email": "app@example.com", "purpose": "login"], device: device, counter: 2,
                client: client)
            #expect(code.status == 202, "\(code.text)")
            let tampered = try await Self.post(
                "/v1/auth/code", ["email": "app@example.com", "purpose": "login"], device: device, counter: 3,
                client: client, tamper: true)
            #expect(tampered.status == 403 && tampered.code == "attestation_invalid")
            let stale = try await Self.post(
                "/v1/auth/code", ["email": "app@example.com", "purpose": "login"], device: device, counter: 2,
                client: client)
            #expect(stale.status == 403 && stale.code == "attestation_invalid")
        }
    }

    @Test("Under monitor nothing is refused, and /metrics counts what enforce would have refused")
    func monitorCounts() async throws {
        let apple = try TestAppAttest()
        let server = try await Self.server("all=monitor", apple: apple, metrics: .prometheus())
        try await server.test { client in
            let device = AttestingDevice()
            try await Self.attest(device, apple: apple, client: client)
            for index in 0..<2 {
                let signUp = try await client.post(
                    "/v1/auth/signup", ["email": "script\(index)@example.com", "password": "Shield-Up-2026!"])
                #expect(signUp.status == 201)
            }
            let code = try await client.send(
                .post, "/v1/auth/code", body: #"{"email":"a@example.com","purpose":"login"}"#,
                headers: [Self.header: "garbage"])
            #expect(code.status == 202)
            let app = try await Self.post(
                "/v1/auth/signup", ["email": "app@example.com", "password": "Shield-Up-2026!"], device: device,
                counter: 1, client: client)
            #expect(app.status == 201)
            let metrics = try await client.get("/metrics").text
            #expect(
                metrics.contains(
                    #"doorstep_attestation_checks_total{action="sign_up",outcome="would_refuse",reason="missing"} 2"#))
            #expect(
                metrics.contains(
                    #"doorstep_attestation_checks_total{action="code_send",outcome="would_refuse",reason="invalid"} 1"#)
            )
            #expect(
                metrics.contains(
                    #"doorstep_attestation_checks_total{action="sign_up",outcome="passed",reason="none"} 1"#))
            await server.auditTrail.flush()
            let entries = try await server.auditTrail.entries(since: .distantPast)
            #expect(entries.filter { $0.event == "attestation_would_refuse" }.count == 3)
            #expect(entries.contains { $0.event == "device_attested" })
        }
    }

    @Test("Bad attestation input gets a clear problem, never a 5xx")
    func badAttestationInput() async throws {
        let apple = try TestAppAttest()
        let server = try await Self.server("sign-up=off", apple: apple)
        try await server.test { client in
            let challenge = try #require(
                try await client.post("/v1/device/attest/challenge").json["challenge"] as? String)
            let cases: [([String: Any], String)] = [
                (["keyId": "!!", "attestationObject": "AAAA", "challenge": challenge], "attestation_invalid"),
                (
                    [
                        "keyId": Base64URL.encode(AttestingDevice().keyID), "attestationObject": "%%%",
                        "challenge": challenge,
                    ],
                    "attestation_invalid"
                ),
                (
                    [
                        "keyId": Base64URL.encode(AttestingDevice().keyID), "attestationObject": "oWNmbXRkbm9uZQ",
                        "challenge": challenge,
                    ],
                    "attestation_invalid"
                ),
                (
                    [
                        "keyId": Base64URL.encode(AttestingDevice().keyID), "attestationObject": "AAAA",
                        "challenge": "unknown",
                    ],
                    "attestation_challenge_invalid"
                ),
            ]
            for (body, code) in cases {
                let response = try await client.post("/v1/device/attest", body)
                #expect(response.status == 400, "\(body): \(response.text)")
                #expect(response.code == code, "\(body)")
            }
            let missing = try await client.post("/v1/device/attest", ["keyId": "abc"])
            #expect(missing.status == 400)
        }
    }

    @Test("Without an app to attest the endpoints are not there")
    func offWithoutApps() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let response = try await client.post("/v1/device/attest/challenge")
            #expect(response.status == 404 && response.code == "not_found")
        }
    }
}

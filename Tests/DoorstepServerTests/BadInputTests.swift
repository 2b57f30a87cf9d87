import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Bad input")
struct BadInputTests {
    static let endpoints = [
        "/v1/auth/identify", "/v1/auth/code", "/v1/auth/code/verify", "/v1/auth/signup", "/v1/auth/login",
        "/v1/auth/password/forgot", "/v1/auth/password/reset", "/v1/auth/token/refresh", "/v1/auth/apple",
        "/v1/auth/google",
    ]

    /// A hostile body with a short name for the test log.
    struct Body: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var testDescription: String { name }
    }

    static let bodies = [
        Body(name: "not JSON", text: "this is not json"),
        Body(name: "cut short", text: #"{"email": "a@example.com""#),
        Body(name: "an array", text: "[1, 2, 3]"),
        Body(name: "a string", text: #""hello""#),
        Body(name: "null", text: "null"),
        Body(name: "empty object", text: "{}"),
        Body(
            name: "wrong types", text: #"{"email": 42, "password": true, "code": [], "purpose": {}, "refreshToken": 1}"#
        ),
        Body(
            name: "nested deeply", text: String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)),
        Body(name: "huge number", text: #"{"email": 1e999999}"#),
        Body(
            name: "control characters",
            text:
                "{\"email\": \"a\\u0000@example.com\", \"password\": \"pass\\u0007word!!\", \"code\": \"12\\u00003456\", \"purpose\": \"signup\", \"newPassword\": \"x\\u0000yyyyyyyy\", \"refreshToken\": \"\\u0000\"}"
        ),
        Body(
            name: "very long strings",
            text:
                #"{"email": "\#(String(repeating: "a", count: 5_000))@example.com", "password": "\#(String(repeating: "p", count: 5_000))", "code": "\#(String(repeating: "1", count: 5_000))", "purpose": "signup", "newPassword": "\#(String(repeating: "n", count: 5_000))", "refreshToken": "\#(String(repeating: "r", count: 5_000))"}"#
        ),
        Body(
            name: "script in fields",
            text:
                #"{"email": "<script>alert(1)</script>", "password": "<script>", "code": "<b>", "purpose": "<i>", "firstName": "<script>", "refreshToken": "<x>"}"#
        ),
        Body(
            name: "invalid emails",
            text:
                #"{"email": "a@b", "password": "Sunny-Days-2026", "code": "123456", "purpose": "signup", "newPassword": "Sunny-Days-2026"}"#
        ),
    ]

    @Test(
        "No body on any auth endpoint yields a 5xx; every error is problem+json and nothing is created",
        arguments: bodies)
    func noServerErrors(_ body: Body) async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            for endpoint in Self.endpoints {
                let response = try await client.send(.post, endpoint, body: body.text)
                #expect(response.status < 500, "\(endpoint): \(response.status) \(response.text)")
                if response.status >= 400 {
                    #expect(response.headers[.contentType] == "application/problem+json", "\(endpoint)")
                    #expect(response.code != nil, "\(endpoint)")
                }
            }
            let anyone = try await server.storage.transaction { try await $0.user(email: "a@example.com") }
            #expect(anyone == nil)
        }
    }

    @Test("No hostile body on a signed-in endpoint yields a 5xx, and the account is unchanged", arguments: bodies)
    func signedInEndpoints(_ body: Body) async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let session = try await client.signUpWithCode("owner@example.com", server: server)
            let group = try await client.post(
                "/v1/groups", ["name": "Home", "kind": "household"], bearer: session.accessToken)
            let groupID = group.json["id"] as? String ?? "none"
            let endpoints: [(HTTPRequest.Method, String)] = [
                (.patch, "/v1/me"), (.post, "/v1/me/consents"), (.put, "/v1/me/flows/trainer/progress"),
                (.post, "/v1/me/flows/destiny/answers"), (.post, "/v1/groups"), (.post, "/v1/groups/join"),
                (.post, "/v1/groups/\(groupID)/invitations"), (.put, "/v1/auth/password"),
                (.post, "/v1/trainer/goals/options/edit"), (.post, "/v1/trainer/programs/\(groupID)/edit"),
            ]
            for (method, path) in endpoints {
                let response = try await client.send(method, path, body: body.text, bearer: session.accessToken)
                #expect(response.status < 500, "\(path): \(response.status) \(response.text)")
                #expect(
                    response.status < 300 || response.headers[.contentType] == "application/problem+json", "\(path)")
            }
            let me = try await client.get("/v1/me", bearer: session.accessToken)
            #expect(me.json["email"] as? String == "owner@example.com")
            #expect(try await client.get("/v1/me/groups", bearer: session.accessToken).jsonArray.count <= 2)
        }
    }

    @Test("Malformed JSON, wrong types and missing fields are 400 malformed_request")
    func malformed() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let broken = try await client.send(.post, "/v1/auth/login", body: "{")
            #expect(broken.status == 400)
            #expect(broken.code == "malformed_request")
            let wrongType = try await client.send(.post, "/v1/auth/login", body: #"{"email": 1, "password": "x"}"#)
            #expect(wrongType.status == 400)
            #expect(wrongType.json["detail"] as? String == "body.email has the wrong type.")
            let missing = try await client.send(.post, "/v1/auth/login", body: #"{"email": "a@example.com"}"#)
            #expect(missing.status == 400)
            #expect(missing.json["detail"] as? String == "body.password is missing.")
        }
    }

    @Test("Unknown content types are 415; bodies over 64 KB are 413")
    func mediaTypeAndSize() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let text = try await client.send(
                .post, "/v1/auth/identify", body: #"{"email": "a@example.com"}"#,
                contentType: "text/plain")
            #expect(text.status == 415)
            #expect(text.code == "unsupported_media_type")
            let form = try await client.send(
                .post, "/v1/auth/identify", body: "email=a@example.com",
                contentType: "application/x-www-form-urlencoded")
            #expect(form.status == 415)
            let big = #"{"email": ""# + String(repeating: "a", count: 70_000) + #""}"#
            let large = try await client.send(.post, "/v1/auth/identify", body: big)
            #expect(large.status == 413)
            #expect(large.code == "payload_too_large")
            let charset = try await client.send(
                .post, "/v1/auth/identify", body: #"{"email": "a@example.com"}"#,
                contentType: "application/json; charset=utf-8")
            #expect(charset.status == 200)
        }
    }

    @Test("Invalid emails, absurd strings and control characters are 422 with the field named")
    func validation() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            for email in [
                "a@b", "no-at-sign", "a b@example.com", "a@example.com\u{0}", String(repeating: "x", count: 400),
            ] {
                let response = try await client.post("/v1/auth/code", ["email": email, "purpose": "signup"])
                #expect(response.status == 422)
                #expect(response.code == "validation_failed")
                #expect((response.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "email")
            }
            let name = try await client.post(
                "/v1/auth/signup",
                [
                    "email": "a@example.com", "password": "Sunny-Days-2026",
                    "firstName": "<script>alert(1)</script>",
                ])
            #expect(name.status == 422)
            #expect((name.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "firstName")
            let code = try await client.post(
                "/v1/auth/code/verify", ["email": "a@example.com", "code": "12ab56", "purpose": "signup"])
            #expect(code.status == 422)
        }
    }

    @Test("Unknown paths are problem+json 404s; known paths asked with another method are 405 with Allow")
    func unknownRoutes() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let missing = try await client.get("/v1/nothing-here")
            #expect(missing.status == 404)
            #expect(missing.code == "not_found")
            let wrongMethod = try await client.send(.patch, "/v1/auth/login", body: "{}")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.code == "method_not_allowed")
            #expect(wrongMethod.headers[.allow] == "POST")
            #expect(wrongMethod.headers[.contentType] == "application/problem+json")
            let trace = try await client.send(.trace, "/v1/me")
            #expect(trace.status == 405)
            #expect(trace.headers[.allow] == "DELETE, GET, HEAD, PATCH")
            let funnel = try await client.send(.delete, "/flows/tanda")
            #expect(funnel.headers[.allow] == "GET, HEAD, POST")
            let head = try await client.send(.head, "/healthz")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }
}

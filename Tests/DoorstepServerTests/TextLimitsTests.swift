import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("One limit per fact, counted one way on every route")
struct TextLimitsTests {
    /// The message of a 422's first field problem.
    static func message(_ response: TestResponse) -> String? {
        (response.json["errors"] as? [[String: Any]])?.first?["message"] as? String
    }

    @Test("A full name of 201 characters is kept at sign-up and on the profile; 202 is refused alike on both")
    func fullNameLimit() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let longest = String(repeating: "a", count: 100) + " " + String(repeating: "b", count: 100)
            let tooLong = longest + "c"
            let refusedAtSignUp = try await client.post(
                "/v1/auth/signup", ["email": "kim@example.com", "password": "Sunny-Days-2026", "name": tooLong])
            #expect(refusedAtSignUp.status == 422)
            #expect(Self.message(refusedAtSignUp) == "Please enter a name of at most 201 characters.")
            let signUp = try await client.post(
                "/v1/auth/signup", ["email": "kim@example.com", "password": "Sunny-Days-2026", "name": longest])
            #expect(signUp.status == 201, "\(signUp.text)")
            let token = try #require(signUp.json["accessToken"] as? String)
            let kept = try await client.send(.patch, "/v1/me", body: #"{"name":"\#(longest)"}"#, bearer: token)
            #expect(kept.status == 200, "\(kept.text)")
            let refused = try await client.send(.patch, "/v1/me", body: #"{"name":"\#(tooLong)"}"#, bearer: token)
            #expect(refused.status == 422)
            #expect(Self.message(refused) == Self.message(refusedAtSignUp), "the same words on both routes")
        }
    }

    @Test("A password is as long as its code points at sign-up and at log-in")
    func passwordCountedInCodePoints() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            // 64 letters with an accent mark each: 64 characters on screen, 128 code points — the most.
            let longest = String(repeating: "e\u{301}", count: 64)
            let signUp = try await client.post(
                "/v1/auth/signup", ["email": "kim@example.com", "password": longest])
            #expect(signUp.status == 201, "\(signUp.text)")
            let logIn = try await client.post("/v1/auth/login", ["email": "kim@example.com", "password": longest])
            #expect(logIn.status == 200)
            let over = try await client.post(
                "/v1/auth/signup", ["email": "lee@example.com", "password": longest + "e"])
            #expect(over.status == 422, "129 code points is one too many")
            // 65 characters on screen, 130 code points: over the limit at log-in too, refused before bcrypt.
            let verified = server.hasher.verifications
            let tooLong = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": String(repeating: "e\u{301}", count: 65)])
            #expect(tooLong.status == 401)
            #expect(server.hasher.verifications == verified, "counted as sign-up counts it, so no hash was checked")
        }
    }
}

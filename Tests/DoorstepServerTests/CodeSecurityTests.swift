import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Email codes")
struct CodeSecurityTests {
    @Test("Codes are six digits, spread over all digits, and stored only as a keyed hash")
    func shapeAndStorage() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let seenDigits = try await server.test { client in
            var seenDigits = Set<Character>()
            for index in 0..<20 {
                let email = "user\(index)@example.com"
                _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "signup"])
                let code = try #require(await server.latestCode(to: email))
                #expect(code.count == 6 && code.allSatisfy(\.isNumber))
                seenDigits.formUnion(code)
                let stored = try #require(
                    try await server.storage.transaction {
                        try await $0.code(email: email, purpose: .signup)
                    })
                #expect(stored.codeHash.count == 64)
                #expect(!stored.codeHash.contains(code))
            }
            return seenDigits
        }
        #expect(seenDigits.count >= 8, "120 random digits cover nearly every digit")
    }

    @Test("A code expires after 10 minutes with 410 code_expired")
    func expiry() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            let code = try #require(await server.latestCode(to: "a@example.com"))
            server.clock.advance(by: 600)
            let late = try await client.post(
                "/v1/auth/code/verify", ["email": "a@example.com", "code": code, "purpose": "signup"])
            #expect(late.status == 410)
            #expect(late.code == "code_expired")
        }
    }

    @Test("Five wrong tries kill the code, even for the right code afterwards")
    func wrongTries() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            let code = try #require(await server.latestCode(to: "a@example.com"))
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                let response = try await client.post(
                    "/v1/auth/code/verify", ["email": "a@example.com", "code": wrong, "purpose": "signup"])
                #expect(response.status == 422)
                #expect(response.code == "invalid_code")
            }
            let right = try await client.post(
                "/v1/auth/code/verify", ["email": "a@example.com", "code": code, "purpose": "signup"])
            #expect(right.status == 429)
            #expect(right.code == "too_many_attempts")
        }
    }

    @Test("Only the newest code is valid; resending waits 60 seconds; at most 5 sends an hour")
    func resendRules() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            let first = try #require(await server.latestCode(to: "a@example.com"))
            let early = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            #expect(early.status == 429)
            #expect(early.code == "rate_limited")
            #expect(early.headers[.retryAfter] == "60")
            server.clock.advance(by: 60)
            _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            let second = try #require(await server.latestCode(to: "a@example.com"))
            if first != second {
                let old = try await client.post(
                    "/v1/auth/code/verify", ["email": "a@example.com", "code": first, "purpose": "signup"])
                #expect(old.code == "invalid_code")
            }
            for _ in 0..<3 {
                server.clock.advance(by: 60)
                #expect(
                    try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"]).status
                        == 202)
            }
            server.clock.advance(by: 60)
            let sixth = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            #expect(sixth.status == 429)
            #expect(
                sixth.headers[.retryAfter] == "3300", "the first of the five sends leaves the hour 55 minutes from now")
            let verified = try await client.post(
                "/v1/auth/code/verify", ["email": "a@example.com", "code": second, "purpose": "signup"])
            #expect(verified.status == 422, "a later code replaced it")
        }
    }

    @Test("A login code for an unknown address is not mailed, but the answer is the same")
    func loginCodeForUnknownAddress() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let unknown = try await client.post("/v1/auth/code", ["email": "nobody@example.com", "purpose": "login"])
            #expect(unknown.status == 202)
            #expect(await server.mail(to: "nobody@example.com").isEmpty)
            let bad = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "teleport"])
            #expect(bad.status == 400, "the contract lists the purposes; another is a malformed request")
            #expect(bad.json["detail"] as? String == "body.purpose is not valid.")
        }
    }
}

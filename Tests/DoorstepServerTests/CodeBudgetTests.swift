import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("The budget of wrong codes per address")
struct CodeBudgetTests {
    @Test("After 10 wrong codes in a day, across codes and purposes, even the right code waits a day")
    func tenWrongCodesStopGuessing() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let email = "target@example.com"
        try await server.test { client in
            _ = try await client.signUpWithCode(email, server: server)
            // Two fresh codes a round, a login and a reset, wrong four then one times each: each code
            // alone stays under its own 5 tries, so only the address's budget can stop the guessing.
            var wrongSoFar = 0
            for round in 0..<2 {
                server.clock.advance(by: 61)
                _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
                _ = try await client.post("/v1/auth/password/forgot", ["email": email])
                for _ in 0..<4 {
                    let guess = try await client.post(
                        "/v1/auth/code/verify", ["email": email, "code": "000000", "purpose": "login"])
                    #expect(guess.code == "invalid_code", "round \(round): \(guess.text)")
                    wrongSoFar += 1
                }
                let reset = try await client.post(
                    "/v1/auth/password/reset", ["email": email, "code": "000000", "newPassword": "Guessing-Game-42"])
                #expect(reset.code == "invalid_code")
                wrongSoFar += 1
            }
            #expect(wrongSoFar == 10)
            server.clock.advance(by: 61)
            _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
            let right = try #require(await server.latestCode(to: email))
            let refused = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": right, "purpose": "login"])
            #expect(refused.status == 429)
            #expect(refused.code == "too_many_attempts")
            let wait = try #require(refused.headers[.retryAfter].flatMap(Int.init))
            #expect(wait > 23 * 3_600 && wait <= 24 * 3_600)
            #expect((refused.json["detail"] as? String)?.contains("Try again in 24 hours") == true)

            server.clock.advance(by: TimeInterval(wait))
            _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
            let fresh = try #require(await server.latestCode(to: email))
            let accepted = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": fresh, "purpose": "login"])
            #expect(accepted.status == 200, "\(accepted.text)")
        }
    }

    @Test("Another address's budget is its own")
    func budgetsArePerAddress() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            for index in 0..<3 {
                server.clock.advance(by: 61)
                _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
                for _ in 0..<4 {
                    _ = try await client.post(
                        "/v1/auth/code/verify", ["email": "a@example.com", "code": "000000", "purpose": "signup"])
                }
                #expect(index < 3)
            }
            _ = try await client.signUpWithCode("b@example.com", server: server)
        }
    }

    @Test("Wrong codes from many clients stop the codes waiting then; a code mailed after works, up to 100")
    func freshCodeAfterDistributedGuessing() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let email = "spread@example.com"
        let auth = server.auth
        func from<T: Sendable>(_ client: String, _ body: () async throws -> T) async throws -> T {
            try await RequestTrace.$current.withValue(RequestTrace(id: "test", clientKey: client), operation: body)
        }
        let meta = RequestMeta()
        try await server.test { client in _ = try await client.signUpWithCode(email, server: server) }
        // Two waiting codes (a log-in and a reset), each guessed five times by ten clients in all.
        server.clock.advance(by: 61)
        _ = try await auth.codes.sendCode(email: email, purpose: .login)
        let waitingLogIn = try #require(await server.latestCode(to: email))
        _ = try await auth.passwords.forgotPassword(email: email)
        for guess in 0..<10 {
            let purpose: CodePurpose = guess < 5 ? .login : .passwordReset
            await #expect(throws: ServiceError.self) {
                try await from("192.0.2.\(guess)") {
                    guess < 5
                        ? try await auth.signIn.verifyCode(email: email, code: "000000", purpose: purpose, meta: meta)
                        : try await auth.passwords.resetPassword(
                            email: email, code: "000000", newPassword: "Guessing-Game-42", meta: meta)
                }
            }
        }
        // The address's budget is spent: a code that was waiting is refused, even right.
        let refused = await #expect(throws: ServiceError.self) {
            try await from("198.51.100.7") {
                try await auth.signIn.verifyCode(email: email, code: waitingLogIn, purpose: .login, meta: meta)
            }
        }
        #expect(refused?.code == .tooManyAttempts)
        // The owner asks for a fresh code from their network: it signs them in.
        server.clock.advance(by: 61)
        _ = try await from("198.51.100.7") { try await auth.codes.sendCode(email: email, purpose: .login) }
        let fresh = try #require(await server.latestCode(to: email))
        let session = try await from("198.51.100.7") {
            try await auth.signIn.verifyCode(email: email, code: fresh, purpose: .login, meta: meta)
        }
        #expect(session.user.email == email)
    }
}

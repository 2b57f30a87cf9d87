import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("The hourly limits on mailing an address its codes")
struct CodeSendBudgetTests {
    /// Runs `body` as a request from the network address `client`.
    private func from<T: Sendable>(_ client: String, _ body: () async throws -> T) async throws -> T {
        try await RequestTrace.$current.withValue(RequestTrace(id: "test", clientKey: client), operation: body)
    }

    @Test("A stranger who asks for an address's codes all hour spends their own five; the owner still gets one")
    func strangerSpendsOnlyTheirShare() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let email = "owner@example.com"
        let auth = server.auth
        try await server.test { client in _ = try await client.signUpWithCode(email, server: server) }
        for _ in 0..<5 {
            server.clock.advance(by: 61)
            _ = try await from("203.0.113.9") { try await auth.codes.sendCode(email: email, purpose: .login) }
        }
        server.clock.advance(by: 61)
        let sixth = await #expect(throws: ServiceError.self) {
            try await from("203.0.113.9") { try await auth.codes.sendCode(email: email, purpose: .login) }
        }
        #expect(sixth?.code == .rateLimited)
        #expect(sixth?.retryAfter == 3_600 - 5 * 61, "the stranger's first send leaves the hour then")

        _ = try await from("198.51.100.7") { try await auth.codes.sendCode(email: email, purpose: .login) }
        let code = try #require(await server.latestCode(to: email))
        let session = try await from("198.51.100.7") {
            try await auth.signIn.verifyCode(email: email, code: code, purpose: .login, meta: RequestMeta())
        }
        #expect(session.user.email == email)
    }

    @Test("Strangers on many networks together stop at the address's twenty codes an hour")
    func manyStrangersStopAtTheAddressLimit() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let email = "popular@example.com"
        let auth = server.auth
        for stranger in 0..<4 {
            for _ in 0..<5 {
                server.clock.advance(by: 61)
                _ = try await from("203.0.113.\(stranger)") {
                    try await auth.codes.sendCode(email: email, purpose: .signup)
                }
            }
        }
        #expect(await server.mail(to: email).count == 20)
        server.clock.advance(by: 61)
        let refused = await #expect(throws: ServiceError.self) {
            try await from("198.51.100.7") { try await auth.codes.sendCode(email: email, purpose: .signup) }
        }
        #expect(refused?.code == .rateLimited)
        #expect(refused?.retryAfter == 3_600 - 20 * 61, "the first of the twenty leaves the hour then")
        #expect(await server.mail(to: email).count == 20, "no mail for a refused send")
    }

    @Test("A caller with no network address (a command) is held to five codes an hour for the address")
    func callerWithoutClientGetsOneShare() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        let auth = server.auth
        for _ in 0..<5 {
            server.clock.advance(by: 61)
            _ = try await auth.codes.sendCode(email: "cli@example.com", purpose: .signup)
        }
        server.clock.advance(by: 61)
        let refused = await #expect(throws: ServiceError.self) {
            try await auth.codes.sendCode(email: "cli@example.com", purpose: .signup)
        }
        #expect(refused?.code == .rateLimited)
    }
}

import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: the second factor of a sign-in")
struct WebFunnelSecondFactorTests {
    @Test("A password log-in to an account with an authenticator asks for its code, then carries on")
    func passwordThenCode() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "two@example.com"
            let (secret, _, token) = try await SecondFactorTests.enrol(client, server: server, email: email)
            #expect(
                try await client.put("/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: token).status
                    == 204)
            server.clock.advance(by: 30)

            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            try await browser.submit("tanda", press: "signIn")
            try await browser.submit("tanda", [("email", email)], press: "continue")
            #expect(browser.screen == "passwordLogin")
            let asked = try await browser.submit(
                "tanda", [("loginPassword", "Sunny-Days-2026")], press: "signIn")
            #expect(asked.status == 200)
            #expect(asked.text.contains("Enter the code from your authenticator app"))
            #expect(!asked.text.contains("Sunny-Days-2026"))

            let wrong = try await browser.post("/flows/tanda/mfa", [("code", "000000")])
            #expect(wrong.text.contains("That code isn"))
            let code = try SecondFactorTests.code(secret, at: server.clock.now)
            try await browser.post("/flows/tanda/mfa", [("code", code)])
            #expect(browser.screen == "name", "signed in, to the part of TANDA's setup this account never did")
            // The browser's stored session keeps no password and no code.
            let cookie = try #require(browser.cookies["doorstep_funnel"])
            let stored = try #require(
                try await server.storage.read { try await $0.browserSession(idHash: Digests.sha256Hex(cookie)) })
            let state = String(decoding: stored.state, as: UTF8.self)
            #expect(!state.contains("Sunny-Days-2026") && !state.contains(code))
        }
    }
}

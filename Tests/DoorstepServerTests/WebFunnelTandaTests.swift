import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: TANDA's ways in")
struct WebFunnelTandaTests {
    /// Walks a new account in the browser to the password step.
    static func signUp(_ email: String, _ browser: inout FunnelBrowser, server: TestServer) async throws {
        try await browser.open("/flows/tanda")
        try await browser.submit("tanda", press: "getStarted")
        try await browser.submit("tanda", [("email", email)], press: "continue")
        #expect(browser.screen == "verifyEmail")
        let code = try #require(await server.latestCode(to: email))
        try await browser.submit("tanda", [("code", code)], press: "verify")
        try await browser.submit("tanda", press: "continue")
        #expect(browser.screen == "createPassword")
    }

    @Test("Going back to the password step and choosing another one goes on, and the new one signs in")
    func passwordChosenAgain() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await Self.signUp("sam@example.com", &browser, server: server)
            try await browser.submit(
                "tanda", [("password", "Early-Days-2026"), ("confirmPassword", "Early-Days-2026")], press: "continue")
            #expect(browser.screen == "name", "this server takes no passkeys, so Face ID is not offered")
            try await browser.submit("tanda", press: "back")
            #expect(browser.screen == "createPassword")
            let page = try await browser.submit(
                "tanda", [("password", "Sunny-Days-2026"), ("confirmPassword", "Sunny-Days-2026")], press: "continue")
            #expect(browser.screen == "name", "\(page.text)")
            #expect(!page.text.contains("current password"))

            let old = try await client.post(
                "/v1/auth/login", ["email": "sam@example.com", "password": "Early-Days-2026"])
            #expect(old.status == 401)
            let new = try await client.post(
                "/v1/auth/login", ["email": "sam@example.com", "password": "Sunny-Days-2026"])
            #expect(new.status == 200)
        }
    }

    @Test("A returning account without a password signs in with a mailed code")
    func returningWithoutPassword() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var first = FunnelBrowser(client)
            try await Self.signUp("kim@example.com", &first, server: server)
            server.clock.advance(by: 120)

            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            try await browser.submit("tanda", [("email", "kim@example.com")], press: "continue")
            #expect(browser.screen == "signInCode")
            #expect(browser.page?.text.contains("We sent a sign-in code to") == true)
            let code = try #require(await server.latestCode(to: "kim@example.com"))
            try await browser.submit("tanda", [("loginCode", code)], press: "signIn")
            #expect(browser.screen == "createPassword", "the setup left at Create a Password carries on there")
        }
    }
}

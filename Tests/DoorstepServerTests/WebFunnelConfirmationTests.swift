import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: confirming who you are before a sensitive change")
struct WebFunnelConfirmationTests {
    @Test("Setting a password long after signing in asks for a mailed code, then the screen goes through")
    func passwordAfterALongPause() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            try await browser.submit("tanda", [("email", "late@example.com")], press: "continue")
            let code = try #require(await server.latestCode(to: "late@example.com"))
            try await browser.submit("tanda", [("code", code)], press: "verify")
            try await browser.submit("tanda", press: "continue")
            #expect(browser.screen == "createPassword")

            server.clock.advance(by: 11 * 60)
            let asked = try await browser.submit(
                "tanda", [("password", "Sunny-Days-2026"), ("confirmPassword", "Sunny-Days-2026")], press: "continue")
            #expect(asked.text.contains("Confirm it&#39;s you") || asked.text.contains("Confirm it's you"))
            #expect(asked.text.contains("Email me a code"))

            let mailed = try await browser.post("/flows/tanda/confirm", [("_action", "send")])
            #expect(mailed.text.contains("Enter the code we just emailed you"))
            let wrong = try await browser.post("/flows/tanda/confirm", [("_action", "confirm"), ("code", "000000")])
            #expect(wrong.text.contains("That code isn&#39;t right") || wrong.text.contains("That code isn't right"))
            let confirmationCode = try #require(await server.latestCode(to: "late@example.com"))
            try await browser.post("/flows/tanda/confirm", [("_action", "confirm"), ("code", confirmationCode)])
            #expect(browser.screen == "createPassword")
            try await browser.submit(
                "tanda", [("password", "Sunny-Days-2026"), ("confirmPassword", "Sunny-Days-2026")], press: "continue")
            #expect(browser.screen == "name", "this server takes no passkeys, so none is offered")
        }
    }
}

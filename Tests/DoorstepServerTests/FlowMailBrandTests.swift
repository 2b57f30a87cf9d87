import DoorstepMail
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Testing

@Suite("Mail a flow's walk sends speaks for its app")
struct FlowMailBrandTests {
    /// Kordant's sign-up, plan, watchlist and invite step in a browser, inviting `invitee`.
    static func invite(_ invitee: String, browser: inout FunnelBrowser) async throws {
        try await browser.open("/flows/kordant")
        try await browser.submit("kordant", press: "signUp")
        try await browser.submit(
            "kordant",
            [
                ("fullName", "Dana Reyes"), ("email", "dana@example.com"), ("password", "Shield-Up-2026!"),
                ("confirmPassword", "Shield-Up-2026!"), ("acceptedTerms", "on"),
            ], press: "createAccount")
        try await browser.submit("kordant", [("plan", "plus")], press: "continue")
        try await browser.submit("kordant", [("watchlist", "dana@example.com")], press: "continue")
        try await browser.submit("kordant", [("familyInvites", invitee)], press: "send")
    }

    @Test("Kordant's invitation names Kordant and Dana's family, says what to do, and links to the flow")
    func invitation() async throws {
        let server = try await TestServer.make { $0.publicURL = "http://127.0.0.1:8080/" }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await Self.invite("sam@example.com", browser: &browser)
            #expect(browser.screen == "done")
            let mail = try #require(await server.mail(to: "sam@example.com").first)
            #expect(mail.subject == "You have an invitation on Kordant")
            #expect(mail.text.contains("Dana Reyes invited you to join Dana Reyes's family on Kordant."))
            #expect(mail.text.contains("sign in or create your account, choose to join with an invite code"))
            #expect(mail.text.contains("You can also join in your browser: http://127.0.0.1:8080/flows/kordant"))
            #expect(mail.html?.contains("background-color:#2F6FED") == true, "the code sits on Kordant's accent")
        }
    }

    @Test("A server whose operator named its mail keeps that name; without a public address there is no link")
    func operatorBrand() async throws {
        let server = try await TestServer.make { $0.mailBrand = MailBrand(appName: "Shieldly") }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await Self.invite("sam@example.com", browser: &browser)
            let mail = try #require(await server.mail(to: "sam@example.com").first)
            #expect(mail.subject == "You have an invitation on Shieldly")
            #expect(!mail.text.contains("in your browser"))
        }
    }
}

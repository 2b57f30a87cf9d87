import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: Destiny's sign-in and home", .serialized)
struct WebFunnelDestinyTests {
    /// Walks the splash and the four slides to the sign-in screen.
    static func toAuth(_ browser: inout FunnelBrowser) async throws -> TestResponse {
        try await browser.open("/flows/destiny")
        for _ in 0..<8 where browser.screen != "auth" {
            try await browser.submit("destiny", press: browser.screen == "splash" ? "launched" : "skip")
        }
        #expect(browser.screen == "auth")
        return try #require(browser.page)
    }

    @Test("The sign-in buttons stand in the spec's order: Apple, Google, Email, then Guest above the terms")
    func buttonOrder() async throws {
        let provider = try FakeIdentityProvider()
        try await provider.serve { base in
            let google = WebProviderSignInTests.configure(base)
            let server = try await TestServer.make { configuration in
                google(&configuration)
                configuration.apple = .apple(
                    audiences: ["com.example.app"], jwksURL: base.appendingPathComponent("keys"))
                configuration.apple?.web = WebSignIn(
                    authorizationURL: base.appendingPathComponent("authorize"),
                    tokenURL: base.appendingPathComponent("oauth/token"), clientID: "com.example.web",
                    clientSecret: "secret", scope: "name email")
            }
            try await server.test { client in
                var browser = FunnelBrowser(client)
                let page = try await Self.toAuth(&browser).text
                let places = [
                    "Sign in with Apple", "Sign in with Google", "Sign in with Email", "Continue as Guest",
                    "By continuing",
                ].map { page.range(of: $0)?.lowerBound }
                let found = places.compactMap { $0 }
                #expect(found.count == 5, "\(page)")
                #expect(found == found.sorted())
            }
        }
    }

    @Test("Home says who is signed in after a provider's sign-in too, and Sign Out goes back to sign-in")
    func signedInAsAndSignOut() async throws {
        try await FakeIdentityProvider.withServer(configure: WebProviderSignInTests.configure) {
            provider, server, client, _ in
            var browser = FunnelBrowser(client)
            _ = try await Self.toAuth(&browser)
            let away = try await browser.submit("destiny", press: "google")
            try await WebProviderSignInTests.returnFromGoogle(
                away, as: "google-7", email: "luna@example.com", to: &browser, provider: provider, server: server)
            #expect(browser.screen == "birthData")
            try await browser.submit(
                "destiny",
                [("dateOfBirth", "1990-04-12"), ("timeOfBirth", "08:30"), ("cityOfBirth", "Lisbon, Portugal")],
                press: "continue")
            #expect(browser.screen == "home")
            #expect(browser.page?.text.contains("Signed in as: luna@example.com") == true)

            try await browser.submit("destiny", press: "signOut")
            #expect(browser.screen == "auth")
            #expect(browser.page?.text.contains("luna@example.com") == false, "nothing of the account is left")
        }
    }
}

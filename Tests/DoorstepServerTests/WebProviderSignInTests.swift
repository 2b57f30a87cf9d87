import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Web funnel: Sign in with Apple and Google", .serialized)
struct WebProviderSignInTests {
    static func configure(_ base: URL) -> @Sendable (inout ServerConfiguration) -> Void {
        { configuration in
            configuration.google = .google(audiences: ["ios.client"], jwksURL: base.appendingPathComponent("keys"))
            configuration.google?.web = WebSignIn(
                authorizationURL: base.appendingPathComponent("authorize"),
                tokenURL: base.appendingPathComponent("oauth/token"), clientID: "web.client", clientSecret: "secret",
                scope: "openid email profile")
        }
    }

    static func query(_ location: String) -> [String: String] {
        let items = URLComponents(string: location)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test("Only set-up providers get a button; Google's round trip signs a new person in and moves the walk on")
    func googleRoundTrip() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, base in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            let sheet = try await browser.submit("tanda", press: "getStarted")
            #expect(sheet.text.contains("Continue with Google"))
            #expect(!sheet.text.contains("Continue with Apple"), "Apple is not set up for the web")

            let away = try await browser.submit("tanda", press: "google")
            #expect(away.status == 303)
            let location = try #require(away.headers[.location])
            #expect(location.hasPrefix(base.appendingPathComponent("authorize").absoluteString))
            let sent = Self.query(location)
            #expect(sent["client_id"] == "web.client")
            #expect(sent["redirect_uri"] == "http://localhost/flows/signin/google")
            let state = try #require(sent["state"])
            let nonce = try #require(sent["nonce"])
            #expect(sent["code_challenge_method"] == "S256")
            let challenge = try #require(sent["code_challenge"])
            #expect(challenge.count == 43, "base64url of a SHA-256 digest")

            let token = try await provider.token(
                .google(
                    sub: "google-123", email: "gina@example.com", audience: "web.client", now: server.clock.now,
                    nonce: nonce))
            // The provider trades the code only with the verifier whose digest it was given.
            let code = provider.code(for: token, codeChallenge: challenge)

            var forged = browser
            let wrongState = try await forged.open("/flows/signin/google?code=\(code)&state=forged")
            #expect(wrongState.status == 404, "a callback without this browser's state does nothing")

            try await browser.open("/flows/signin/google?code=\(code)&state=\(state)")
            #expect(browser.screen == "celebration", "a new account goes on to set up")
            let me = try #require(try await server.storage.read { try await $0.user(email: "gina@example.com") })
            #expect(me.providers == ["google"])
        }
    }

    @Test("Cancelling at the provider, or a code it refuses, leaves the person where they were with a message")
    func cancelledOrRefused() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, base in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            var away = try await browser.submit("tanda", press: "google")
            var state = try #require(Self.query(away.headers[.location] ?? "")["state"])
            try await browser.open("/flows/signin/google?error=access_denied&state=\(state)")
            #expect(browser.screen == "createAccount")

            away = try await browser.submit("tanda", press: "google")
            state = try #require(Self.query(away.headers[.location] ?? "")["state"])
            let refused = try await browser.open("/flows/signin/google?code=unknown&state=\(state)")
            #expect(browser.screen == "createAccount")
            #expect(refused.text.contains("Google sign-in didn&#39;t work. Please try again."))
            #expect(try await server.storage.read { try await $0.user(email: "gina@example.com") } == nil)
        }
    }

    @Test("A code stolen on its way back is worth nothing without the server's PKCE verifier")
    func stolenCodeWithoutVerifier() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, base in
            var victim = FunnelBrowser(client)
            try await victim.open("/flows/tanda")
            try await victim.submit("tanda", press: "getStarted")
            let away = try await victim.submit("tanda", press: "google")
            let sent = Self.query(away.headers[.location] ?? "")
            let state = try #require(sent["state"])
            let nonce = try #require(sent["nonce"])
            let token = try await provider.token(
                .google(
                    sub: "google-456", email: "vic@example.com", audience: "web.client", now: server.clock.now,
                    nonce: nonce))
            // The attacker's own sign-in began with another verifier, so the stolen code's challenge
            // does not match what the victim's server sends.
            let code = provider.code(for: token, codeChallenge: WebSignIn.codeChallenge(for: "attacker-verifier"))
            let refused = try await victim.open("/flows/signin/google?code=\(code)&state=\(state)")
            #expect(refused.text.contains("Google sign-in didn&#39;t work"))
            #expect(try await server.storage.read { try await $0.user(email: "vic@example.com") } == nil)
        }
    }

    @Test("An account without an email address is asked on its account page to sign in again, not for a code")
    func noEmailSignsInAgain() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, base in
            var browser = FunnelBrowser(client)
            try await Self.signInWithGoogle(&browser, as: "google-789", provider: provider, server: server)
            #expect(browser.screen == "celebration")
            server.clock.advance(by: 11 * 60)
            let refused = try await browser.post("/account", [("_action", "delete"), ("confirm", "yes")])
            #expect(refused.text.contains("For your security, sign in again before making this change."))
            #expect(!refused.text.contains("Email me a code"), "there is no address to mail a code to")
            #expect(!refused.text.contains("Account deleted"))
            // Signed in again (in a new browser, as after signing out), the same person may delete it.
            var again = FunnelBrowser(client)
            try await Self.signInWithGoogle(&again, as: "google-789", provider: provider, server: server)
            let deleted = try await again.post("/account", [("_action", "delete"), ("confirm", "yes")])
            #expect(deleted.text.contains("Account deleted"))
        }
    }

    /// Signs `browser` in through TANDA's Google button, the provider answering for `subject` without
    /// an email address.
    static func signInWithGoogle(
        _ browser: inout FunnelBrowser, as subject: String, provider: FakeIdentityProvider, server: TestServer
    ) async throws {
        try await browser.open("/flows/tanda")
        try await browser.submit("tanda", press: "getStarted")
        let away = try await browser.submit("tanda", press: "google")
        try await returnFromGoogle(away, as: subject, to: &browser, provider: provider, server: server)
    }

    /// Plays Google's part of the sign-in the funnel sent the browser away for with `away`: `subject`
    /// (with `email`, when given) signs in, and `browser` opens the callback with the code.
    static func returnFromGoogle(
        _ away: TestResponse, as subject: String, email: String? = nil, to browser: inout FunnelBrowser,
        provider: FakeIdentityProvider, server: TestServer
    ) async throws {
        let sent = query(try #require(away.headers[.location]))
        let token = try await provider.token(
            .google(sub: subject, email: email, audience: "web.client", now: server.clock.now, nonce: sent["nonce"]))
        let code = provider.code(for: token, codeChallenge: sent["code_challenge"])
        try await browser.open("/flows/signin/google?code=\(code)&state=\(try #require(sent["state"]))")
    }

    @Test("The redirect URI is the public URL's, whatever Host the request names")
    func redirectFromPublicURL() async throws {
        let provider = try FakeIdentityProvider()
        try await provider.serve { base in
            let server = try await TestServer.make { configuration in
                Self.configure(base)(&configuration)
                configuration.publicURL = "https://auth.example.com/"
            }
            try await server.test { client in
                var browser = FunnelBrowser(client)
                browser.extraHeaders[HTTPField.Name("Host")!] = "evil.example.net"
                try await browser.open("/flows/tanda")
                try await browser.submit("tanda", press: "getStarted")
                let away = try await browser.submit("tanda", press: "google")
                let sent = Self.query(away.headers[.location] ?? "")
                #expect(sent["redirect_uri"] == "https://auth.example.com/flows/signin/google")
            }
        }
    }
}

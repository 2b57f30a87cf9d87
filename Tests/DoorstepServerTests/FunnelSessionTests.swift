import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Web funnel: browser sessions")
struct FunnelSessionTests {
    /// Whether storage holds a browser session under this cookie value.
    static func isStored(_ cookie: String?, in server: TestServer) async throws -> Bool {
        guard let cookie else { return false }
        return try await server.storage.transaction { try await $0.browserSession(idHash: Digests.sha256Hex(cookie)) }
            != nil
    }

    @Test("Forty cookie-less page views store no browser session; the first form does")
    func lookingStoresNothing() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            for _ in 0..<40 {
                var browser = FunnelBrowser(client)
                try await browser.open("/flows/tanda")
                #expect(browser.cookies["doorstep_funnel"] != nil)
                #expect(try await !Self.isStored(browser.cookies["doorstep_funnel"], in: server))
            }
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            let cookie = browser.cookies["doorstep_funnel"]
            try await browser.open("/flows/tanda")
            #expect(browser.cookies["doorstep_funnel"] == cookie, "a browser keeps its cookie while it looks")
            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.screen != "slide1")
            #expect(try await Self.isStored(cookie, in: server), "its first form stores it, under the same cookie")

            var forger = FunnelBrowser(client)
            forger.cookies["doorstep_funnel"] = "forged-cookie-value-0123456789"
            try await forger.open("/flows/tanda")
            let refused = try await forger.submit("tanda", press: "getStarted", csrf: "guessed-token")
            #expect(refused.status == 403, "an unstored browser's form still needs the token its page carried")
        }
    }

    @Test("A cookie planted before a sign-in is worth nothing after it: the session and CSRF token are replaced")
    func sessionFixation() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            _ = try await client.signUpWithPassword("dana@example.com", password: "Shield-Up-2026!")
            var attacker = FunnelBrowser(client)
            try await attacker.open("/flows/kordant")
            let planted = try #require(attacker.cookies["doorstep_funnel"])

            var victim = FunnelBrowser(client)
            victim.cookies["doorstep_funnel"] = planted
            try await victim.open("/flows/kordant")
            let csrfBefore = victim.csrf
            try await victim.submit(
                "kordant", [("email", "dana@example.com"), ("loginPassword", "Shield-Up-2026!"), ("rememberMe", "on")],
                press: "signIn")
            #expect(victim.screen == "plan")
            let after = try #require(victim.cookies["doorstep_funnel"])
            #expect(after != planted, "the cookie is replaced at sign-in")
            #expect(victim.csrf != csrfBefore, "and so is the CSRF token")
            #expect(try await !Self.isStored(planted, in: server), "the planted session is gone")

            try await attacker.open("/flows/kordant")
            #expect(attacker.screen == "login", "the attacker's copy of the cookie is not signed in")
        }
    }

    @Test("Behind an https public URL the cookie is __Host- and Secure, and responses carry HSTS")
    func hostOnlySecureCookie() async throws {
        let server = try await TestServer.make { $0.publicURL = "https://auth.example.com" }
        try await server.test { client in
            let page = try await client.get("/flows/tanda")
            let setCookie = try #require(page.headers[values: .setCookie].first)
            #expect(setCookie.hasPrefix("__Host-doorstep_funnel="))
            let attributes = setCookie.lowercased()
            #expect(
                attributes.contains("; secure") && attributes.contains("; path=/") && attributes.contains("httponly"))
            #expect(!attributes.contains("domain="))
            #expect(page.headers[HTTPField.Name("Strict-Transport-Security")!] == "max-age=31536000; includeSubDomains")
        }
        let plain = try await TestServer.make()
        try await plain.test { client in
            let forged = try await client.send(
                .get, "/flows/tanda", headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(
                forged.headers[HTTPField.Name("Strict-Transport-Security")!] == nil,
                "a stranger's X-Forwarded-Proto is not believed")
        }
    }

    @Test("Every answer that carries a token or a code is Cache-Control: no-store")
    func tokensAreNeverCached() async throws {
        let server = try await TestServer.make { $0.devMailbox = true }
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest")
            #expect(guest.status == 201)
            #expect(guest.headers[.cacheControl] == "no-store")
            let token = try #require(guest.json["accessToken"] as? String)
            let group = try await client.post("/v1/groups", ["name": "Home", "kind": "household"], bearer: token)
            #expect(group.headers[.cacheControl] == "no-store", "an invite code")
            #expect(try await client.get("/dev/mail.json").headers[.cacheControl] == "no-store")
            #expect(try await client.get("/.well-known/jwks.json").headers[.cacheControl] == "public, max-age=300")
        }
    }
}

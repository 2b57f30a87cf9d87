import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Web funnel passkeys")
struct WebFunnelPasskeyTests {
    static func server() async throws -> TestServer {
        try await TestServer.make { configuration in
            configuration.passkeys = PasskeyRelyingParty(
                id: "localhost", name: "Doorstep", origins: ["http://localhost"])
        }
    }

    func options(_ browser: FunnelBrowser, client: TestHTTPClient, _ fields: String) async throws -> TestResponse {
        try await client.send(
            .post, "/flows/tanda/passkeys/options", body: fields, contentType: "application/x-www-form-urlencoded",
            headers: [.cookie: browser.cookie ?? ""])
    }

    @Test("Passkey options need the page's CSRF token; a signed-out browser gets sign-in options only")
    func options() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            let csrf = try #require(browser.csrf)
            #expect(try await options(browser, client: client, "ceremony=get").status == 403)
            #expect(try await options(browser, client: client, "_csrf=forged&ceremony=get").status == 403)
            let get = try await options(browser, client: client, "_csrf=\(csrf)&ceremony=get")
            #expect(get.status == 200 && get.json["rpId"] as? String == "localhost")
            #expect(get.headers[.cacheControl] == "no-store")
            let create = try await options(browser, client: client, "_csrf=\(csrf)&ceremony=create")
            #expect(create.status == 401 && create.headers[.contentType] == "application/problem+json")
            let bogus = try await options(browser, client: client, "_csrf=\(csrf)&ceremony=%00")
            #expect(bogus.status == 400)
        }
    }

    @Test("A forged or garbled passkey response shows a message and keeps the person where they were")
    func garbledResponse() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.screen == "createAccount")
            #expect(browser.page?.text.contains("data-passkey=\"get\"") == true)
            for garbage in [
                "{", #"{"id":"x","rawId":"x","type":"public-key","response":{}}"#, String(repeating: "A", count: 9_000),
            ] {
                let page = try await browser.submit("tanda", [("_passkey", garbage)], press: "passkey")
                #expect(page.status == 200, "\(page.text.prefix(200))")
                #expect(browser.screen == "createAccount")
            }
            let unsupported = try await browser.submit("tanda", press: "passkey")
            #expect(browser.screen == "createAccount")
            #expect(
                unsupported.text.contains("Use your passkey to continue, or sign in another way."),
                "a form sent without a passkey says what is missing")
        }
    }

    @Test("Without passkeys configured the buttons are not drawn and the options route is not there")
    func off() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.page?.text.contains("data-passkey") == false)
            let csrf = try #require(browser.csrf)
            #expect(try await options(browser, client: client, "_csrf=\(csrf)&ceremony=get").status == 404)
        }
    }
}

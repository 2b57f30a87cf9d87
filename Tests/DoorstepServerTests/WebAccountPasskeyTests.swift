import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

/// Adding a passkey from `/account`, as the page's script does it: options for the signed-in account,
/// the browser's ceremony (a software authenticator here), and the form posted with its credential.
@Suite("Web funnel: a passkey added on /account")
struct WebAccountPasskeyTests {
    static let origin = "http://localhost"

    static func server() async throws -> TestServer {
        try await TestServer.make { configuration in
            configuration.rateLimits = false
            configuration.passkeys = PasskeyRelyingParty(id: "localhost", name: "Doorstep", origins: [origin])
        }
    }

    func options(_ browser: FunnelBrowser, client: TestHTTPClient, _ fields: String) async throws -> TestResponse {
        try await client.send(
            .post, "/account/passkeys/options", body: fields, contentType: "application/x-www-form-urlencoded",
            headers: [.cookie: browser.cookie ?? ""])
    }

    /// The WebAuthn JSON a browser's `credential.toJSON()` gives for a new passkey.
    static func credential(_ authenticator: SoftwareAuthenticator, options: TestResponse) throws -> String {
        let challenge = try #require(Base64URL.decode(options.json["challenge"] as? String ?? ""))
        let made = authenticator.register(challenge: challenge, rpID: "localhost", origin: origin)
        let id = Base64URL.encode(authenticator.credentialID)
        let object: [String: Any] = [
            "id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [String: Any](),
            "response": [
                "clientDataJSON": Base64URL.encode(made.clientDataJSON),
                "attestationObject": Base64URL.encode(made.attestationObject), "transports": ["internal"],
            ],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test("Options for the signed-in account, then the credential posted with the form: the passkey is listed")
    func add() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var browser = try await WebAccountTests.signedUp(client, server: server, email: "pat@example.com")
            let page = try await browser.open("/account")
            #expect(page.text.contains("data-account-passkey"))
            #expect(page.text.contains(#"<script src="/funnel/funnel.js" defer></script>"#))
            let csrf = try #require(browser.csrf)
            #expect(try await options(browser, client: client, "ceremony=create").status == 403)
            let options = try await options(browser, client: client, "_csrf=\(csrf)&ceremony=create")
            #expect(options.status == 200, "\(options.text)")
            #expect(options.headers[.cacheControl] == "no-store")
            #expect((options.json["rp"] as? [String: Any])?["id"] as? String == "localhost")

            let authenticator = SoftwareAuthenticator()
            let added = try await browser.post(
                "/account",
                [
                    ("_action", "passkeyAdd"), ("_passkey", try Self.credential(authenticator, options: options)),
                    ("name", "Work laptop"),
                ])
            #expect(added.status == 200)
            #expect(added.text.contains("Your passkey was added."), "\(added.text)")
            #expect(added.text.contains("<strong>Work laptop</strong>"))
            let stored = try await server.storage.read { store -> [PasskeyRecord] in
                guard let user = try await store.user(email: "pat@example.com") else { return [] }
                return try await store.passkeys(userID: user.id)
            }
            #expect(stored.count == 1)

            // The same challenge cannot add a second one.
            let again = try await browser.post(
                "/account",
                [
                    ("_action", "passkeyAdd"),
                    ("_passkey", try Self.credential(SoftwareAuthenticator(), options: options)),
                ])
            #expect(again.status == 200)
            #expect(!again.text.contains("Your passkey was added."))
        }
    }

    @Test("Without a recent sign-in the options are refused and the form asks who the person is; junk is a message")
    func refusals() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var stranger = FunnelBrowser(client)
            try await stranger.open("/account")
            let signedOut = try await options(stranger, client: client, "_csrf=\(stranger.csrf ?? "")&ceremony=create")
            #expect(signedOut.status == 401 || signedOut.status == 403)
            #expect(signedOut.headers[.contentType] == "application/problem+json")

            var browser = try await WebAccountTests.signedUp(client, server: server, email: "late@example.com")
            try await browser.open("/account")
            for junk in [
                "{", String(repeating: "A", count: 40_000),
                #"{"id":"x","rawId":"x","type":"public-key","response":{}}"#,
            ] {
                let page = try await browser.post("/account", [("_action", "passkeyAdd"), ("_passkey", junk)])
                #expect(page.status == 200, "\(page.text.prefix(300))")
                #expect(page.text.contains("role=\"alert\""))
            }
            let none = try await browser.post("/account", [("_action", "passkeyAdd")])
            #expect(none.text.contains("Your browser did not create a passkey."))

            server.clock.advance(by: 11 * 60)
            let csrf = try #require(browser.csrf)
            let stale = try await options(browser, client: client, "_csrf=\(csrf)&ceremony=create")
            #expect(stale.status == 403)
            #expect(stale.code == "reauthentication_required")
            let asked = try await browser.post("/account", [("_action", "passkeyAdd")])
            #expect(asked.text.contains("Confirm it&#39;s you") || asked.text.contains("Confirm it's you"))
        }
    }

    @Test("With passkeys off the page has no passkey form and no script")
    func off() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = try await WebAccountTests.signedUp(client, server: server, email: "off@example.com")
            let page = try await browser.open("/account")
            #expect(!page.text.contains("data-account-passkey") && !page.text.contains("<script"))
            let csrf = try #require(browser.csrf)
            #expect(try await options(browser, client: client, "_csrf=\(csrf)&ceremony=create").status == 404)
        }
    }
}

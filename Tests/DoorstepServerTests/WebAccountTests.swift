import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: /account")
struct WebAccountTests {
    /// A browser signed up through TANDA with an emailed code.
    static func signedUp(_ client: TestHTTPClient, server: TestServer, email: String) async throws -> FunnelBrowser {
        var browser = FunnelBrowser(client)
        try await browser.open("/flows/tanda")
        try await browser.submit("tanda", press: "getStarted")
        try await browser.submit("tanda", [("email", email)], press: "continue")
        let code = try #require(await server.latestCode(to: email))
        try await browser.submit("tanda", [("code", code)], press: "verify")
        #expect(browser.screen == "celebration")
        return browser
    }

    @Test("A photo chosen on /account is saved and shown; a file that is no photo is refused in words")
    func photo() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = try await Self.signedUp(client, server: server, email: "pic@example.com")
            let page = try await browser.open("/account")
            #expect(page.text.contains(#"enctype="multipart/form-data""#))
            #expect(!page.text.contains("account-photo"), "no photo yet")

            func upload(_ bytes: Data) async throws -> TestResponse {
                let boundary = "doorstep-boundary"
                var body = Data()
                for (name, value) in [("_csrf", browser.csrf ?? ""), ("_action", "photo")] {
                    body += Data(
                        "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
                }
                body += Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\n".utf8)
                body += Data("Content-Type: image/png\r\n\r\n".utf8) + bytes + Data("\r\n--\(boundary)--\r\n".utf8)
                return try await client.send(
                    .post, "/account", bytes: body, contentType: "multipart/form-data; boundary=\(boundary)",
                    headers: [.cookie: browser.cookie ?? ""])
            }
            let refused = try await upload(Data("not a photo".utf8))
            #expect(refused.status == 200 && !refused.text.contains("Your photo was saved."))
            #expect(refused.text.contains(#"<p role="alert">"#), "the refusal, in words")
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 64)
            let saved = try await upload(png)
            #expect(saved.text.contains("Your photo was saved."))
            #expect(saved.text.contains(#"<img class="account-photo" src="/v1/avatars/"#))
            let user = try await server.storage.read { try await $0.user(email: "pic@example.com") }
            #expect(user?.avatarID != nil)
        }
    }

    @Test("Name, authenticator app, other sessions, the data and deletion, as a person does them")
    func walk() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "web@example.com"
            var browser = try await Self.signedUp(client, server: server, email: email)
            let page = try await browser.open("/account")
            #expect(page.text.contains(email))

            let named = try await browser.post(
                "/account", [("_action", "name"), ("firstName", "Ada"), ("lastName", "")])
            #expect(named.text.contains("Your name was saved."))
            #expect(named.text.contains("value=\"Ada\""))

            let enrolling = try await browser.post("/account", [("_action", "mfaBegin")])
            #expect(enrolling.text.contains("<svg"))
            #expect(!enrolling.text.contains("<script"))
            let secret = try #require(
                FunnelBrowser.capture(#"<code class="totp-secret">([A-Z2-7]+)</code>"#, in: enrolling.text))
            let totp = TOTP(secret: try #require(Base32.decode(secret)))
            #expect(enrolling.text.components(separatedBy: "<li><code>").count - 1 == 10, "ten recovery codes")
            let on = try await browser.post(
                "/account", [("_action", "mfaConfirm"), ("code", totp.code(atStep: totp.step(at: server.clock.now)))])
            #expect(on.text.contains("Your authenticator app is on."))
            #expect(!on.text.contains("<li><code>"), "recovery codes are shown once")

            server.clock.advance(by: 61)
            _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
            let code = try #require(await server.latestCode(to: email))
            let elsewhere = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "login"])
            #expect(elsewhere.code == "mfa_required", "the app's sign-in now asks for the second factor")
            let ahead = totp.code(atStep: totp.step(at: server.clock.now) + 1)
            let phone = try await client.post(
                "/v1/auth/mfa", ["challenge": elsewhere.json["mfaChallenge"] as? String ?? "", "code": ahead])
            #expect(phone.status == 200)
            let revoked = try await browser.post("/account", [("_action", "sessionsRevokeOthers")])
            #expect(revoked.text.contains("Signed out of 1 other session."))
            #expect(try await client.get("/v1/me", bearer: phone.json.accessToken).status == 401)

            let download = try await browser.open("/account/export")
            #expect(download.headers[.contentDisposition]?.contains("attachment") == true)
            #expect(download.text.contains("\"email\" : \"web@example.com\""))
            #expect(!download.text.contains(secret))

            let unticked = try await browser.post("/account", [("_action", "delete")])
            #expect(unticked.text.contains("Tick the box"))
            let deleted = try await browser.post("/account", [("_action", "delete"), ("confirm", "yes")])
            #expect(deleted.text.contains("Account deleted"))
            #expect(try await client.get("/v1/me", bearer: phone.json.accessToken).status == 401)
            #expect((try await browser.open("/account")).text.contains("Sign in through one of the flows"))
        }
    }

    @Test("A change long after signing in asks the person to confirm who they are, on the same page")
    func confirmation() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = try await Self.signedUp(client, server: server, email: "late@example.com")
            try await browser.open("/account")
            server.clock.advance(by: 11 * 60)
            let asked = try await browser.post("/account", [("_action", "mfaBegin")])
            #expect(asked.text.contains("Confirm it&#39;s you") || asked.text.contains("Confirm it's you"))
            let mailed = try await browser.post("/account", [("_action", "sendConfirmationCode")])
            #expect(mailed.text.contains("name=\"code\""))
            let code = try #require(await server.latestCode(to: "late@example.com"))
            let confirmed = try await browser.post("/account", [("_action", "confirm"), ("code", code)])
            #expect(confirmed.text.contains("You can make the change now."))
            let enrolling = try await browser.post("/account", [("_action", "mfaBegin")])
            #expect(enrolling.text.contains("<svg"))
        }
    }

    @Test("A form without its CSRF token changes nothing")
    func forgedForm() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = try await Self.signedUp(client, server: server, email: "csrf@example.com")
            try await browser.open("/account")
            let forged = try await browser.post(
                "/account", [("_action", "delete"), ("confirm", "yes")], csrf: "forged")
            #expect(forged.text.contains("This form has expired"))
            #expect((try await browser.open("/account")).text.contains("csrf@example.com"))
        }
    }
}

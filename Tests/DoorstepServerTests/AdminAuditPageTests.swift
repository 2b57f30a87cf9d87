import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// The audit log and webhook endpoints on the admin page, played through the real router.
@Suite("The admin page's audit log and webhooks")
struct AdminAuditPageTests {
    static func server() async throws -> TestServer {
        try await TestServer.make { configuration in
            configuration.adminToken = AnalyticsAPITests.adminToken
            configuration.rateLimits = false
        }
    }

    /// A browser that gave the admin token.
    static func admin(_ client: TestHTTPClient) async throws -> FunnelBrowser {
        var browser = FunnelBrowser(client)
        try await browser.open("/admin")
        let signedIn = try await browser.post("/admin", [("token", AnalyticsAPITests.adminToken)])
        #expect(signedIn.status == 200, "\(signedIn.text)")
        return browser
    }

    @Test("Sign out on an admin page closes the admin area; the cookie from before it opens nothing")
    func signOut() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var browser = try await Self.admin(client)
            let webhooks = try await browser.open("/admin/webhooks")
            #expect(webhooks.text.contains(#"action="/admin/sign-out""#))
            let before = browser

            var forged = FunnelBrowser(client)
            forged.cookies = before.cookies
            #expect(try await forged.post("/admin/sign-out", [], csrf: "forged").status == 403)
            #expect(try await browser.open("/admin/audit").status == 200, "a forged form signs no one out")

            let out = try await browser.post("/admin/sign-out", [])
            #expect(out.status == 200, "\(out.text)")
            #expect(out.text.contains(#"name="token""#), "the token form again")
            #expect(try await browser.open("/admin/audit").status == 401)
            var replayed = before
            #expect(try await replayed.open("/admin/audit").status == 401)
            #expect(try await replayed.open("/admin/webhooks").status == 401)

            var other = try await Self.admin(client)
            #expect(try await other.open("/admin/audit").text.contains("admin_signed_out"))
        }
    }

    @Test("An admin signed in with an account signs out of the admin area and out of that session")
    func accountSignOut() async throws {
        let server = try await TestServer.make { configuration in
            configuration.adminEmails = ["boss@example.com"]
            configuration.rateLimits = false
        }
        try await server.test { client in
            var browser = try await WebAccountTests.signedUp(client, server: server, email: "boss@example.com")
            #expect(try await browser.open("/admin").text.contains("last 30 days"))
            let signedInAs = try #require(
                try await server.storage.read { try await $0.user(email: "boss@example.com") })
            let sessions = try await server.storage.read { try await $0.sessions(userID: signedInAs.id) }
            #expect(sessions.contains { $0.revokedAt == nil })

            let out = try await browser.post("/admin/sign-out", [])
            #expect(out.text.contains(#"name="token""#), "\(out.text)")
            #expect(try await browser.open("/admin/webhooks").status == 401)
            let after = try await server.storage.read { try await $0.sessions(userID: signedInAs.id) }
            #expect(after.allSatisfy { $0.revokedAt != nil }, "the browser's session ended")
        }
    }

    @Test("/admin/audit: admins only, newest first, filtered by account, paged; bad filters are 400")
    func auditLog() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let sam = try await client.signUpWithCode("sam@example.com", server: server)
            let kim = try await client.signUpWithCode("kim@example.com", server: server)
            await server.auditTrail.flush()
            server.clock.advance(by: 1)

            var stranger = FunnelBrowser(client)
            let refused = try await stranger.open("/admin/audit")
            #expect(refused.status == 401)
            #expect(!refused.text.contains("signed_in"))

            var browser = try await Self.admin(client)
            let page = try await browser.open("/admin/audit")
            #expect(page.status == 200)
            let signIn = try #require(page.text.range(of: "admin_signed_in"))
            let samSignIn = try #require(page.text.range(of: sam.userID))
            #expect(signIn.lowerBound < samSignIn.lowerBound, "newest first")
            #expect(page.text.contains("admin:token"))
            #expect(!page.text.contains("<script"))

            let filtered = try await browser.open("/admin/audit?account=\(sam.userID)")
            #expect(filtered.status == 200)
            #expect(filtered.text.contains("signed_in") && !filtered.text.contains(kim.userID))
            #expect(!filtered.text.contains("admin_signed_in"))

            #expect(try await browser.open("/admin/audit?account=not-an-id").status == 400)
            #expect(try await browser.open("/admin/audit?page=0").status == 400)
            #expect(try await browser.open("/admin/audit?page=zzz").status == 400)
            #expect(try await browser.open("/admin/audit?page=99999999999999999999").status == 400)

            let busy = UUID()
            let entries = (0..<120).map { index in
                AuditRecord(
                    id: UUID(), at: server.clock.now.addingTimeInterval(Double(-index)), event: "e\(index)",
                    accountID: busy, actor: "user")
            }
            try await server.storage.transaction { try await $0.insertAuditEntries(entries) }
            let first = try await browser.open("/admin/audit?account=\(busy.lowercasedText)")
            #expect(first.text.components(separatedBy: "<tr><td>").count - 1 == 50)
            #expect(first.text.contains(">e0<") && !first.text.contains(">e50<"))
            #expect(first.text.contains(#"rel="next" href="/admin/audit?account=\#(busy.lowercasedText)&page=2""#))
            let last = try await browser.open("/admin/audit?account=\(busy.lowercasedText)&page=3")
            #expect(last.text.components(separatedBy: "<tr><td>").count - 1 == 20)
            #expect(last.text.contains(">e100<") && !last.text.contains(#"rel="next""#))
            #expect(last.text.contains(#"rel="prev""#))
        }
    }

    @Test("/admin/webhooks lists endpoints with their failures, adds and removes them, each action audited")
    func webhooks() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var browser = try await Self.admin(client)
            let empty = try await browser.open("/admin/webhooks")
            #expect(empty.status == 200)
            #expect(empty.text.contains("No endpoints yet."))

            let added = try await browser.post(
                "/admin/webhooks", [("url", "https://hooks.example.com/in"), ("events", "user.created, user.deleted")])
            #expect(added.status == 200, "\(added.text)")
            #expect(added.text.contains("whsec_"), "the secret is shown once")
            let id = try #require(FunnelBrowser.capture(#"id="endpoint-([0-9a-f-]+)""#, in: added.text))
            #expect(added.text.contains("Events: user.created, user.deleted"))
            let secret = try #require(FunnelBrowser.capture(#"<code>(whsec_[^<]+)</code>"#, in: added.text))
            #expect(!(try await browser.open("/admin/webhooks")).text.contains(secret), "and only once")

            let privateAddress = try await browser.post(
                "/admin/webhooks", [("url", "https://10.0.0.8/"), ("events", "*")])
            #expect(privateAddress.status == 422)
            #expect(privateAddress.text.contains("cannot be added"))
            let unknown = try await browser.post(
                "/admin/webhooks", [("url", "https://hooks.example.com/"), ("events", "user.exploded")])
            #expect(unknown.status == 422)
            #expect(try await browser.post("/admin/webhooks", [("url", "")]).status == 422)
            let forged = try await browser.post(
                "/admin/webhooks", [("url", "https://hooks.example.com/")], csrf: "forged")
            #expect(forged.status == 403)

            var failed = WebhookDeliveryRecord(
                id: UUID(), messageID: "msg_1", endpointID: try #require(UUID(uuidString: id)),
                eventType: "user.created", payload: Data("{}".utf8), createdAt: server.clock.now)
            failed.attempts = 3
            failed.lastError = "answered 503"
            try await server.storage.transaction { [failed] in try await $0.insertWebhookDelivery(failed) }
            let listed = try await browser.open("/admin/webhooks")
            #expect(listed.text.contains("answered 503 (3 attempts, pending)"))
            #expect(listed.text.contains("active"))

            var stranger = FunnelBrowser(client)
            try await stranger.open("/admin")
            #expect(try await stranger.open("/admin/webhooks").status == 401)
            #expect(try await stranger.post("/admin/webhooks/\(id)/remove", []).status == 403)

            #expect(try await browser.post("/admin/webhooks/not-an-id/remove", []).status == 400)
            let removed = try await browser.post("/admin/webhooks/\(id)/remove", [])
            #expect(removed.status == 200)
            #expect(removed.text.contains("The endpoint was removed."))
            #expect(removed.text.contains("No endpoints yet."))
            #expect(try await browser.post("/admin/webhooks/\(id)/remove", []).status == 404)

            let audit = try await server.auditTrail.entries(since: .distantPast)
            let byAdmin = audit.filter { $0.actor == "admin:token" }.map(\.event)
            #expect(byAdmin.contains("webhook_endpoint_added"))
            #expect(byAdmin.contains("webhook_endpoint_removed"))
            #expect(byAdmin.contains("admin_signed_in"))
            #expect(audit.allSatisfy { !($0.detail ?? "").contains("whsec_") })
        }
    }

    @Test("An admin signed in with their account is the actor of what they change, by account id")
    func adminAccount() async throws {
        let server = try await TestServer.make { configuration in
            configuration.adminEmails = ["boss@example.com"]
            configuration.rateLimits = false
        }
        try await server.test { client in
            var browser = try await WebAccountTests.signedUp(client, server: server, email: "boss@example.com")
            #expect(try await browser.open("/admin/webhooks").status == 200)
            let added = try await browser.post(
                "/admin/webhooks", [("url", "https://hooks.example.com/in"), ("events", "*")])
            #expect(added.status == 200, "\(added.text)")
            let boss = try #require(try await server.storage.read { try await $0.user(email: "boss@example.com") })
            let audit = try await server.auditTrail.entries(since: .distantPast)
            #expect(
                audit.contains { $0.event == "webhook_endpoint_added" && $0.actor == "admin:\(boss.id.lowercasedText)" }
            )

            var other = try await WebAccountTests.signedUp(client, server: server, email: "staff@example.com")
            #expect(try await other.open("/admin/audit").status == 401, "a signed-in account off the list is no admin")
        }
    }
}

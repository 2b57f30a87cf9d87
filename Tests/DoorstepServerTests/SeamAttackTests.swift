import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@testable import DoorstepServer
@testable import DoorstepWeb

/// Attacks that worked where two features met, each played through the real router beside the
/// legitimate path that must keep working.
@Suite("Attacks at the seams of features")
struct SeamAttackTests {
    @Test("/admin refuses a browser whose session ended, whichever way it was ended")
    func adminNoticesRevokedSessions() async throws {
        let server = try await TestServer.make { configuration in
            configuration.adminEmails = (0..<3).map { "boss\($0)@example.com" }
            configuration.rateLimits = false
        }
        try await server.test { client in
            enum Ending: CaseIterable { case othersSignedOut, passwordReset, operatorRevoke }
            for (index, ending) in Ending.allCases.enumerated() {
                let email = "boss\(index)@example.com"
                var browser = try await WebAccountTests.signedUp(client, server: server, email: email)
                #expect(try await browser.open("/admin").text.contains("last 30 days"), "the admin's dashboard")
                #expect(try await browser.open("/admin/webhooks").status == 200)
                let form = browser.csrf
                server.clock.advance(by: 61)
                switch ending {
                case .othersSignedOut:
                    #expect(
                        try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
                            .status == 202)
                    let code = try #require(await server.latestCode(to: email))
                    let owner = try await client.post(
                        "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "login"])
                    #expect(
                        try await client.post("/v1/auth/logout/others", [:], bearer: owner.json.accessToken).status
                            == 200)
                case .passwordReset:
                    #expect(try await client.post("/v1/auth/password/forgot", ["email": email]).status == 202)
                    let code = try #require(await server.latestCode(to: email))
                    let reset = try await client.post(
                        "/v1/auth/password/reset",
                        ["email": email, "code": code, "newPassword": "Fresh-Start-2026"])
                    #expect(reset.status == 200, "\(reset.text)")
                case .operatorRevoke:
                    let boss = try #require(try await server.storage.read { try await $0.user(email: email) })
                    let sessions = try await server.storage.read { try await $0.sessions(userID: boss.id) }
                    try await server.storage.transaction { store in
                        for session in sessions {
                            try await AccountCredentials(webhooks: .disabled).revoke(
                                sessionID: session.id, at: server.clock.now, in: store)
                        }
                    }
                }
                let dashboard = try await browser.open("/admin")
                #expect(!dashboard.text.contains("last 30 days"), "\(ending): the dashboard is gone")
                #expect(try await browser.open("/admin/audit").status == 401, "\(ending)")
                #expect(try await browser.open("/admin/webhooks").status == 401, "\(ending)")
                let added = try await browser.post(
                    "/admin/webhooks", [("url", "https://hooks.example.com/in"), ("events", "*")], csrf: form)
                #expect(added.status == 401 || added.status == 403, "\(ending): \(added.status)")
                #expect(!added.text.contains("whsec_"), "\(ending)")
            }
            let endpoints = try await server.storage.read { try await $0.webhookEndpoints() }
            #expect(endpoints.isEmpty, "no endpoint was added by an ended session")
        }
    }

    @Test("Remember me left off holds after the authenticator step: closing the browser signs it out")
    func rememberMeAfterSecondFactor() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "dana@example.com"
            let (secret, _, token) = try await SecondFactorTests.enrol(client, server: server, email: email)
            #expect(
                try await client.put("/v1/auth/password", ["newPassword": "Shield-Up-2026!"], bearer: token).status
                    == 204)
            for remember in [false, true] {
                server.clock.advance(by: 31)
                var browser = FunnelBrowser(client)
                try await browser.open("/flows/kordant")
                var fields = [("email", email), ("loginPassword", "Shield-Up-2026!")]
                if remember { fields.append(("rememberMe", "on")) }
                let asked = try await browser.submit("kordant", fields, press: "signIn")
                #expect(asked.text.contains("Enter the code from your authenticator app"))
                let code = try SecondFactorTests.code(secret, at: server.clock.now)
                try await browser.post("/flows/kordant/mfa", [("code", code)])
                #expect(browser.screen != "login", "signed in")
                #expect((browser.cookies["doorstep_signin"] != nil) == !remember)
                let signedIn = browser.screen
                browser.closeAndReopen(keeping: ["doorstep_funnel"])
                try await browser.open("/flows/kordant")
                #expect(browser.screen == (remember ? signedIn : "login"), "remember: \(remember)")
            }
        }
    }

    @Test("An answer of megabytes is refused in words and the database does not grow; a real one is kept")
    func oversizedAnswers() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            let screen = try #require(browser.screen)
            let cookie = try #require(browser.cookies["doorstep_funnel"])
            func stored() async throws -> Data? {
                try await server.storage.read { try await $0.browserSession(idHash: Digests.sha256Hex(cookie)) }?.state
            }
            let before = try #require(try await stored())
            let huge = String(repeating: "a", count: 4 * 1024 * 1024) + "@example.com"
            for _ in 0..<5 {
                let refused = try await browser.submit("tanda", [("email", huge)], press: "continue")
                #expect(refused.status == 413)
                #expect(refused.text.contains("An answer is longer than this screen accepts"))
            }
            // Many combining marks after one letter are one character to the field's limit, not to storage.
            let marks = "e" + String(repeating: "\u{301}", count: 100_000) + "@example.com"
            #expect(try await browser.submit("tanda", [("email", marks)], press: "continue").status == 413)
            #expect(try await stored() == before, "nothing of the refused forms was kept")
            try await browser.open("/flows/tanda")
            #expect(browser.screen == screen, "the walk is where it was")
            try await browser.submit("tanda", [("email", "kept@example.com")], press: "continue")
            #expect(browser.screen != screen, "a real answer still moves on")
        }
    }

    @Test("HTML is escaped by Unicode scalar: a combining mark after a quote, < or & cannot break out")
    func escapingByScalar() {
        let entities = ["\"": "&quot;", "<": "&lt;", "&": "&amp;", "'": "&#39;", ">": "&gt;"]
        for (special, entity) in entities {
            let hostile = special + "\u{301} onmouseover=alert(1) x=" + special + "\u{20DD}"
            let expected = entity + "\u{301} onmouseover=alert(1) x=" + entity + "\u{20DD}"
            #expect(HTML.escape(hostile).unicodeScalars.elementsEqual(expected.unicodeScalars), "\(special)")
        }
        let attribute = HTML.attributes(["value": "\"\u{301}><script>"])
        #expect(attribute.unicodeScalars.elementsEqual(" value=\"&quot;\u{301}&gt;&lt;script&gt;\"".unicodeScalars))
    }
}

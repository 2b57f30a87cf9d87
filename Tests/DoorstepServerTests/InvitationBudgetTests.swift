import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Invitations cannot turn the server into a mailer for strangers")
struct InvitationBudgetTests {
    static func addresses(_ count: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { "stranger\($0)@example.net" }
    }

    func group(_ client: TestHTTPClient, token: String, name: String = "The Smiths") async throws -> String {
        let created = try await client.post("/v1/groups", ["name": name, "kind": "family"], bearer: token)
        #expect(created.status == 201, "\(created.text)")
        return created.json["id"] as? String ?? ""
    }

    @Test("A guest cannot mail invitations; it may still share the invite code")
    func guestsCannotInvite() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest").json.accessToken
            let id = try await group(client, token: guest)
            let invited = try await client.post(
                "/v1/groups/\(id)/invitations", ["emails": Self.addresses(1)], bearer: guest)
            #expect(invited.status == 403)
            #expect(await server.mail(to: "stranger0@example.net").isEmpty)
        }
    }

    @Test("An account whose address nobody proved invites 20 addresses a day, a verified one 100")
    func dailyBudgets() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let unverified = try await client.signUpWithPassword("new@example.com").accessToken
            let small = try await group(client, token: unverified)
            let first = try await client.post(
                "/v1/groups/\(small)/invitations", ["emails": Self.addresses(20)], bearer: unverified)
            #expect(first.status == 202, "\(first.text)")
            let over = try await client.post(
                "/v1/groups/\(small)/invitations", ["emails": Self.addresses(1, from: 20)], bearer: unverified)
            #expect(over.status == 429)
            #expect(over.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 && $0 <= 86_400 } == true)
            #expect(await server.mail(to: "stranger20@example.net").isEmpty)

            let session = try await client.signUpWithCode("known@example.com", server: server)
            let verified = session.accessToken
            let big = try await group(client, token: verified)
            for batch in 0..<5 {
                let sent = try await client.post(
                    "/v1/groups/\(big)/invitations", ["emails": Self.addresses(20, from: 100 + batch * 20)],
                    bearer: verified)
                #expect(sent.status == 202, "batch \(batch): \(sent.text)")
            }
            let hundredAndFirst = try await client.post(
                "/v1/groups/\(big)/invitations", ["emails": Self.addresses(1, from: 300)], bearer: verified)
            #expect(hundredAndFirst.status == 429)
            server.clock.advance(by: 86_400)
            let refreshed = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            let nextDay = try await client.post(
                "/v1/groups/\(big)/invitations", ["emails": Self.addresses(1, from: 300)],
                bearer: refreshed.json.accessToken)
            #expect(nextDay.status == 202)
        }
    }

    @Test("Each address is mailed a group's code once: sending the list again mails only the new address")
    func eachAddressOnce() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let token = try await client.signUpWithCode("owner@example.com", server: server).accessToken
            let id = try await group(client, token: token)
            let first = try await client.post(
                "/v1/groups/\(id)/invitations", ["emails": ["ana@example.net", "Bo@Example.net"]], bearer: token)
            #expect(first.status == 202)
            #expect(first.json["invited"] as? [String] == ["ana@example.net", "bo@example.net"])
            // Back on the invitations screen, the person adds one address and sends the list again.
            let again = try await client.post(
                "/v1/groups/\(id)/invitations", ["emails": ["ana@example.net", "bo@example.net", "cy@example.net"]],
                bearer: token)
            #expect(again.status == 202)
            #expect(again.json["invited"] as? [String] == ["cy@example.net"])
            let repeated = (again.json["rejected"] as? [[String: Any]] ?? []).map {
                "\($0["email"] ?? "") \($0["code"] ?? "")"
            }
            #expect(repeated == ["ana@example.net already_invited", "bo@example.net already_invited"])
            #expect(await server.mail(to: "ana@example.net").count == 1)
            #expect(await server.mail(to: "cy@example.net").count == 1)

            // A new code may be mailed at once: the old one no longer works.
            let code = try await client.post("/v1/groups/\(id)/invite-code", [:], bearer: token)
            #expect(code.status == 200, "\(code.text)")
            let newCode = try await client.post(
                "/v1/groups/\(id)/invitations", ["emails": ["ana@example.net"]], bearer: token)
            #expect(newCode.json["invited"] as? [String] == ["ana@example.net"])
            #expect(await server.mail(to: "ana@example.net").count == 2)
        }
    }

    @Test("Inviting your own address or a member's mails nobody and says why")
    func ownAddressAndMembers() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let token = try await client.signUpWithCode("owner@example.com", server: server).accessToken
            let created = try await client.post("/v1/groups", ["name": "The Smiths", "kind": "family"], bearer: token)
            let id = try #require(created.json["id"] as? String)
            let code = try #require(created.json["inviteCode"] as? String)
            let member = try await client.signUpWithCode("member@example.com", server: server).accessToken
            #expect(try await client.post("/v1/groups/join", ["inviteCode": code], bearer: member).status == 200)

            let sent = try await client.post(
                "/v1/groups/\(id)/invitations",
                ["emails": ["Owner@Example.com", "member@example.com", "new@example.com"]], bearer: token)
            #expect(sent.status == 202)
            #expect(sent.json["invited"] as? [String] == ["new@example.com"])
            let refused = (sent.json["rejected"] as? [[String: Any]] ?? []).map {
                "\($0["email"] ?? "") \($0["code"] ?? "")"
            }
            #expect(refused == ["owner@example.com own_address", "member@example.com already_member"])
            #expect(await server.mail(to: "owner@example.com").allSatisfy { !$0.subject.contains("invitation") })
            #expect(await server.mail(to: "member@example.com").allSatisfy { !$0.subject.contains("invitation") })
        }
    }

    @Test("A group named like a link is refused, and no subject carries a name someone chose")
    func noLinksAndNoChosenTextInSubjects() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let token = try await client.signUpWithCode("sam@example.com", server: server).accessToken
            for name in ["Account locked – see evil.example", "https://evil.example", "www.pay-here", "pay.co.uk"] {
                let refused = try await client.post("/v1/groups", ["name": name, "kind": "family"], bearer: token)
                #expect(refused.status == 422, "\(name)")
            }
            let id = try await group(client, token: token, name: "St. Mary's Choir")
            _ = try await client.post("/v1/groups/\(id)/invitations", ["emails": ["friend@example.net"]], bearer: token)
            let mail = try #require(await server.mail(to: "friend@example.net").first)
            #expect(!mail.subject.contains("Mary"))
            #expect(mail.text.contains("St. Mary's Choir"))
        }
    }

    @Test("Text that reads as a web address is told apart from names with dots")
    func linkRecognition() {
        for link in ["evil.example", "see evil.example now", "http://x", "WWW.Example", "a-b.co.uk"] {
            #expect(MailableText.looksLikeLink(link), "\(link)")
        }
        for name in ["St. Mary's", "J.R.R. Tolkien", "The Smiths", "Zoë & Co.", "No. 5", "Ludwig van Beethoven"] {
            #expect(!MailableText.looksLikeLink(name), "\(name)")
        }
    }
}

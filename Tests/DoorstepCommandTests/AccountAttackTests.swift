import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The attacks on accounts of issue "secure by default", each played against a real `doorstep serve`
/// the way an attacker would, next to the legitimate path that must keep working.
@Suite("Attacks on accounts, against a real server", .serialized)
struct AccountAttackTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    @Test("Pre-account takeover: the squatter's password, access and refresh tokens die when the owner signs in")
    func preAccountTakeover() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--admin-email", "owner@example.com"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let squatter = try #require(
            try await http.send(
                "POST", "v1/auth/signup", json: ["email": "owner@example.com", "password": "Squatter-Owns-2026"]
            ).json as? [String: Any])
        let squatterToken = try #require(squatter["accessToken"] as? String)
        let squatterRefresh = try #require(squatter["refreshToken"] as? String)
        #expect(try await http.send("GET", "v1/admin/flows/tanda/funnel", bearer: squatterToken).status == 401)

        #expect(
            try await http.send("POST", "v1/auth/code", json: ["email": "owner@example.com", "purpose": "login"])
                .status == 202)
        let code = try await latestCode(to: "owner@example.com", servers: [base])
        let owner = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": "owner@example.com", "code": code, "purpose": "login"])
        #expect(owner.status == 200)
        let ownerToken = try #require((owner.json as? [String: Any])?["accessToken"] as? String)

        #expect(try await http.send("GET", "v1/me", bearer: squatterToken).status == 401)
        #expect(
            try await http.send("POST", "v1/auth/token/refresh", json: ["refreshToken": squatterRefresh]).status == 401)
        let squatterLogIn = try await http.send(
            "POST", "v1/auth/login", json: ["email": "owner@example.com", "password": "Squatter-Owns-2026"])
        #expect(squatterLogIn.status == 401)
        #expect(try await http.send("GET", "v1/me", bearer: ownerToken).status == 200)
        #expect(try await http.send("GET", "v1/admin/flows/tanda/funnel", bearer: ownerToken).status == 200)
        #expect(try await server.waitForLog(containing: "unproven_credentials_removed"))
    }

    @Test("Guessing codes: the eleventh wrong code of the day is refused, and so is the right one after it")
    func codeGuessing() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "target@example.com"
        #expect(try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": "signup"]).status == 202)
        let right = try await latestCode(to: email, servers: [base])
        let wrong = right == "000000" ? "111111" : "000000"
        var statuses: [Int] = []
        // Four wrong tries a code stay under a code's own limit of five; the address's budget stops
        // the guessing across codes and purposes.
        for attempt in 0..<10 {
            let purpose = attempt < 4 ? "signup" : attempt < 8 ? "login" : "verifyEmail"
            statuses.append(
                try await http.send(
                    "POST", "v1/auth/code/verify", json: ["email": email, "code": wrong, "purpose": purpose]
                ).status)
        }
        #expect(statuses.allSatisfy { $0 == 422 }, "\(statuses)")
        let refused = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": right, "purpose": "signup"])
        #expect(refused.status == 429)
        #expect((refused.json as? [String: Any])?["code"] as? String == "too_many_attempts")
        #expect(try await server.waitForLog(containing: "code_budget_spent"))
        // Someone else is not affected.
        #expect(
            try await http.send("POST", "v1/auth/code", json: ["email": "other@example.com", "purpose": "signup"])
                .status == 202)
        let other = try await latestCode(to: "other@example.com", servers: [base])
        let signedUp = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": "other@example.com", "code": other, "purpose": "signup"])
        #expect(signedUp.status == 200)
    }

    @Test("Mailing strangers: guests cannot, an unverified account stops at 20 a day, links in names are refused")
    func mailingStrangers() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        let strangers = (0..<20).map { "stranger\($0)@example.net" }

        let guest = try #require(
            (try await http.send("POST", "v1/auth/guest").json as? [String: Any])?["accessToken"] as? String)
        let guestGroup = try #require(
            (try await http.send("POST", "v1/groups", json: ["name": "Home", "kind": "household"], bearer: guest).json
                as? [String: Any])?["id"] as? String)
        let guestInvites = try await http.send(
            "POST", "v1/groups/\(guestGroup)/invitations", json: ["emails": strangers], bearer: guest)
        #expect(guestInvites.status == 403)

        let account = try #require(
            (try await http.send(
                "POST", "v1/auth/signup", json: ["email": "spammer@example.com", "password": "Unverified-Spam-1"]
            ).json as? [String: Any])?["accessToken"] as? String)
        let phishing = try await http.send(
            "POST", "v1/groups", json: ["name": "Account locked – see evil.example", "kind": "family"], bearer: account)
        #expect(phishing.status == 422)
        let group = try #require(
            (try await http.send("POST", "v1/groups", json: ["name": "The Smiths", "kind": "family"], bearer: account)
                .json as? [String: Any])?["id"] as? String)
        let first = try await http.send(
            "POST", "v1/groups/\(group)/invitations", json: ["emails": strangers], bearer: account)
        #expect(first.status == 202)
        let more = try await http.send(
            "POST", "v1/groups/\(group)/invitations", json: ["emails": ["one-more@example.net"]], bearer: account)
        #expect(more.status == 429)
    }
}

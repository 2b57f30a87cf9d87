import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("The account center: address, passkeys, sessions and data")
struct AccountCenterTests {
    @Test("A new address is confirmed by a code mailed to it; the old one is told; other sessions stay")
    func emailChange() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let phone = try await client.signUpWithCode("old@example.com", server: server)
            server.clock.advance(by: 61)
            _ = try await client.post("/v1/auth/code", ["email": "old@example.com", "purpose": "login"])
            let laptopCode = try #require(await server.latestCode(to: "old@example.com"))
            let laptop = try await client.post(
                "/v1/auth/code/verify", ["email": "old@example.com", "code": laptopCode, "purpose": "login"])

            let taken = try await client.signUpWithCode("taken@example.com", server: server)
            #expect(!taken.accessToken.isEmpty)
            let refused = try await client.post(
                "/v1/me/email", ["email": "taken@example.com"], bearer: laptop.json.accessToken)
            #expect(refused.status == 409)
            let asked = try await client.post(
                "/v1/me/email", ["email": "New@Example.com"], bearer: laptop.json.accessToken)
            #expect(asked.status == 202, "\(asked.text)")
            let code = try #require(await server.latestCode(to: "new@example.com"))
            let wrong = try await client.post(
                "/v1/me/email/verify", ["code": code == "000000" ? "111111" : "000000"],
                bearer: laptop.json.accessToken)
            #expect(wrong.status == 422)
            let changed = try await client.post("/v1/me/email/verify", ["code": code], bearer: laptop.json.accessToken)
            #expect(changed.status == 200, "\(changed.text)")
            #expect(changed.json["email"] as? String == "new@example.com")
            #expect(changed.json["emailVerified"] as? Bool == true)

            let notice = try #require(await server.mail(to: "old@example.com").first)
            #expect(notice.subject.contains("email was changed"))
            #expect(notice.text.contains("new@example.com"))
            #expect(try await client.get("/v1/me", bearer: phone.accessToken).status == 200, "the phone stays in")
            #expect(
                try await client.post("/v1/me/email/verify", ["code": code], bearer: laptop.json.accessToken)
                    .status == 409, "a change is confirmed once")
        }
    }

    @Test("Changing the address long after signing in needs the person to confirm who they are")
    func emailChangeNeedsARecentSignIn() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            server.clock.advance(by: 11 * 60)
            let token = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
                .json.accessToken
            let refused = try await client.post("/v1/me/email", ["email": "other@example.com"], bearer: token)
            #expect(refused.code == "reauthentication_required")
            #expect(await server.mail(to: "other@example.com").isEmpty)
        }
    }

    @Test("Signing out everywhere else ends the other sessions and keeps this one")
    func otherSessions() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let first = try await client.signUpWithPassword("kim@example.com", password: "Sunny-Days-2026")
            let second = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            let third = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            let ended = try await client.post("/v1/auth/logout/others", bearer: third.json.accessToken)
            #expect(ended.json["revoked"] as? Int == 2)
            #expect(try await client.get("/v1/me", bearer: first.accessToken).status == 401)
            #expect(try await client.get("/v1/me", bearer: second.json.accessToken).status == 401)
            #expect(try await client.get("/v1/me", bearer: third.json.accessToken).status == 200)
        }
    }

    @Test("The person's data downloads as the operator's export does, without a secret")
    func export() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let session = try await client.signUpWithPassword("ray@example.com", password: "Sunny-Days-2026")
            let export = try await client.get("/v1/me/export", bearer: session.accessToken)
            #expect(export.status == 200)
            let profile = try #require(export.json["profile"] as? [String: Any])
            #expect(profile["email"] as? String == "ray@example.com")
            #expect(!export.text.contains("Sunny-Days-2026"))
            #expect(!export.text.contains("$2"), "no password hash")
            #expect(!export.text.contains(session.refreshToken))
            #expect(try await client.get("/v1/me/export").status == 401)
        }
    }

    @Test("Passkeys are renamed, and a guest's only passkey cannot be removed")
    func passkeys() async throws {
        let server = try await PasskeyAPITests.server()
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest")
            let authenticator = SoftwareAuthenticator()
            let added = try await PasskeyAPITests.addPasskey(
                authenticator, bearer: guest.json.accessToken, client: client)
            let id = try #require(added.json["id"] as? String)
            let renamed = try await client.send(
                .patch, "/v1/me/passkeys/\(id)", body: #"{"name": "Work laptop"}"#, bearer: guest.json.accessToken)
            #expect(renamed.status == 200, "\(renamed.text)")
            #expect(renamed.json["name"] as? String == "Work laptop")
            let blank = try await client.send(
                .patch, "/v1/me/passkeys/\(id)", body: #"{"name": "   "}"#, bearer: guest.json.accessToken)
            #expect(blank.status == 422)
            let removed = try await client.send(.delete, "/v1/me/passkeys/\(id)", bearer: guest.json.accessToken)
            #expect(removed.status == 409)
            #expect(removed.code == "last_way_in")
        }
    }
}

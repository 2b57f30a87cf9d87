import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Sensitive changes need a recent sign-in; sessions end")
struct RecentSignInTests {
    @Test("Eleven minutes after signing in, deleting the account needs the password again; then it goes")
    func deletionNeedsARecentSignIn() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let session = try await client.signUpWithPassword("sam@example.com", password: "Sunny-Days-2026")
            server.clock.advance(by: 11 * 60)
            let refused = try await client.send(.delete, "/v1/me", bearer: session.accessToken)
            #expect(refused.status == 403)
            #expect(refused.code == "reauthentication_required")
            // The access token expired meanwhile: refresh, as the SDK does, then confirm.
            let refreshed = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            let token = refreshed.json.accessToken
            let wrong = try await client.post(
                "/v1/auth/reauthenticate", ["password": "Not-The-Password-1"], bearer: token)
            #expect(wrong.status == 401)
            let confirmed = try await client.post(
                "/v1/auth/reauthenticate", ["password": "Sunny-Days-2026"], bearer: token)
            #expect(confirmed.status == 204, "\(confirmed.text)")
            let deleted = try await client.send(.delete, "/v1/me", bearer: token)
            #expect(deleted.status == 204)
        }
    }

    @Test("Setting a password later needs a login code first; the owner is mailed when one is added")
    func settingAPasswordNeedsACode() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "sam@example.com"
            let session = try await client.signUpWithCode(email, server: server)
            server.clock.advance(by: 11 * 60)
            _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
            let token = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
                .json.accessToken
            let refused = try await client.put("/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: token)
            #expect(refused.code == "reauthentication_required")
            let code = try #require(await server.latestCode(to: email))
            let confirmed = try await client.post("/v1/auth/reauthenticate", ["code": code], bearer: token)
            #expect(confirmed.status == 204, "\(confirmed.text)")
            let set = try await client.put("/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: token)
            #expect(set.status == 204, "\(set.text)")
            let notice = try #require(await server.mail(to: email).first)
            #expect(notice.subject.contains("password was added"))
            #expect(notice.code == nil)
        }
    }

    @Test("A guest without an email has nothing else to prove and may still delete itself")
    func guestsAreNotAsked() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest")
            server.clock.advance(by: 11 * 60)
            let token = try await client.post("/v1/auth/token/refresh", ["refreshToken": guest.json.refreshToken])
                .json.accessToken
            #expect(try await client.send(.delete, "/v1/me", bearer: token).status == 204)
        }
    }

    @Test("A session refreshed every 20 days ends after 90; one left unused for 31 days ends then")
    func sessionLifetimes() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var busy = try await client.signUpWithCode("busy@example.com", server: server).refreshToken
            let idle = try await client.signUpWithCode("idle@example.com", server: server).refreshToken
            for _ in 0..<4 {
                server.clock.advance(by: 20 * 86_400)
                let refreshed = try await client.post("/v1/auth/token/refresh", ["refreshToken": busy])
                #expect(refreshed.status == 200, "\(refreshed.text)")
                busy = refreshed.json.refreshToken
            }
            server.clock.advance(by: 11 * 86_400)
            let ended = try await client.post("/v1/auth/token/refresh", ["refreshToken": busy])
            #expect(ended.status == 401)
            #expect(ended.code == "session_revoked")
            let unused = try await client.post("/v1/auth/token/refresh", ["refreshToken": idle])
            #expect(unused.status == 401)
        }
    }
}

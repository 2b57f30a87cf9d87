import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Guests")
struct GuestTests {
    @Test("A guest upgraded by a verified code keeps its user id")
    func upgradeInPlace() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest")
            #expect(guest.status == 201)
            #expect(guest.json.user["isGuest"] as? Bool == true)
            #expect(guest.json.user["email"] == nil)
            let upgraded = try await client.signUpWithCode(
                "sam@example.com", server: server, bearer: guest.json.accessToken)
            #expect(upgraded.userID == guest.json.userID)
            #expect(upgraded.user["isGuest"] as? Bool == false)
            #expect(upgraded.user["email"] as? String == "sam@example.com")
            #expect(
                try await client.get("/v1/me", bearer: guest.json.accessToken).status == 401,
                "the guest session gives way to the new one")
            #expect(
                try await client.get("/v1/me", bearer: upgraded.accessToken).json["id"] as? String == guest.json.userID)
        }
    }

    @Test("An email that belongs to someone else is refused with 409 and neither account changes")
    func emailTaken() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let owner = try await client.signUpWithCode("sam@example.com", server: server)
            let guest = try await client.post("/v1/auth/guest").json
            server.clock.advance(by: 61)
            _ = try await client.post("/v1/auth/code", ["email": "sam@example.com", "purpose": "signup"])
            let code = try #require(await server.latestCode(to: "sam@example.com"))
            let refused = try await client.post(
                "/v1/auth/code/verify",
                ["email": "sam@example.com", "code": code, "purpose": "signup"],
                bearer: guest.accessToken)
            #expect(refused.status == 409)
            #expect(refused.code == "email_taken")
            let stillGuest = try await client.get("/v1/me", bearer: guest.accessToken)
            #expect(stillGuest.json["isGuest"] as? Bool == true)
            #expect(stillGuest.json["email"] == nil)
            let stillOwner = try await client.get("/v1/me", bearer: owner.accessToken)
            #expect(stillOwner.json["email"] as? String == "sam@example.com")
            let retried = try await client.post(
                "/v1/auth/code/verify",
                ["email": "sam@example.com", "code": code, "purpose": "signup"])
            #expect(retried.status == 200, "the refused attempt did not use the code up")
            #expect(retried.json.userID == owner.userID)
        }
    }
}

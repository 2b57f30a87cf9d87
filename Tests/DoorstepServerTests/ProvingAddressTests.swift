import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// A squatter signs up with someone else's address before they do; the owner proving the address must
/// end everything the squatter set.
@Suite("Proving an address ends what was set before it was proven")
struct ProvingAddressTests {
    static let victim = "victim@example.com"
    static let squatterPassword = "Squatter-Owns-2026"

    @Test("The owner signing in with an emailed code ends the squatter's password, sessions and tokens")
    func codeSignInEndsTheSquatter() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let squatter = try await client.signUpWithPassword(Self.victim, password: Self.squatterPassword)
            #expect(squatter.user["emailVerified"] as? Bool == false)

            _ = try await client.post("/v1/auth/code", ["email": Self.victim, "purpose": "login"])
            let code = try #require(await server.latestCode(to: Self.victim))
            let owner = try await client.post(
                "/v1/auth/code/verify", ["email": Self.victim, "code": code, "purpose": "login"])
            #expect(owner.status == 200, "\(owner.text)")
            #expect(owner.json.user["emailVerified"] as? Bool == true)
            #expect(owner.json.user["hasPassword"] as? Bool == false)

            let logIn = try await client.post(
                "/v1/auth/login", ["email": Self.victim, "password": Self.squatterPassword])
            #expect(logIn.status == 401)
            let me = try await client.get("/v1/me", bearer: squatter.accessToken)
            #expect(me.status == 401)
            #expect(me.code == "session_revoked")
            let refresh = try await client.post("/v1/auth/token/refresh", ["refreshToken": squatter.refreshToken])
            #expect(refresh.status == 401)
            #expect(try await client.get("/v1/me", bearer: owner.json.accessToken).status == 200)
        }
    }

    @Test("The owner's proof takes the account out of the squatter's families, which would share what the owner buys")
    func proofLeavesTheSquattersGroups() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let accomplice = try await client.signUpWithCode("accomplice@example.com", server: server)
            let squatter = try await client.signUpWithPassword(Self.victim, password: Self.squatterPassword)
            let family = try await client.post(
                "/v1/groups", ["name": "Freeloaders", "kind": "family"], bearer: accomplice.accessToken)
            let familyCode = try #require(family.json["inviteCode"] as? String)
            let joined = try await client.post(
                "/v1/groups/join", ["inviteCode": familyCode], bearer: squatter.accessToken)
            #expect(joined.status == 200, "\(joined.text)")
            let household = try await client.post(
                "/v1/groups", ["name": "Victim's home", "kind": "household"], bearer: squatter.accessToken)
            let householdCode = try #require(household.json["inviteCode"] as? String)
            _ = try await client.post("/v1/groups/join", ["inviteCode": householdCode], bearer: accomplice.accessToken)

            _ = try await client.post("/v1/auth/code", ["email": Self.victim, "purpose": "login"])
            let code = try #require(await server.latestCode(to: Self.victim))
            let owner = try await client.post(
                "/v1/auth/code/verify", ["email": Self.victim, "code": code, "purpose": "login"])
            #expect(owner.status == 200, "\(owner.text)")

            let ownersGroups = try await client.get("/v1/me/groups", bearer: owner.json.accessToken)
            #expect(ownersGroups.status == 200)
            #expect(ownersGroups.jsonArray.isEmpty, "\(ownersGroups.text)")
            let accomplicesGroups = try await client.get("/v1/me/groups", bearer: accomplice.accessToken).jsonArray
            #expect(accomplicesGroups.count == 2)
            for group in accomplicesGroups {
                let members = group["members"] as? [[String: Any]] ?? []
                #expect(members.count == 1, "only the accomplice is left in \(group["name"] ?? "")")
            }
        }
    }

    @Test("A password reset by the owner ends the squatter's sessions and the password is the owner's")
    func resetEndsTheSquatter() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let squatter = try await client.signUpWithPassword(Self.victim, password: Self.squatterPassword)
            _ = try await client.post("/v1/auth/password/forgot", ["email": Self.victim])
            let code = try #require(await server.latestCode(to: Self.victim))
            let reset = try await client.post(
                "/v1/auth/password/reset",
                ["email": Self.victim, "code": code, "newPassword": "Owners-Own-Words-9"])
            #expect(reset.status == 200, "\(reset.text)")
            #expect(try await client.get("/v1/me", bearer: squatter.accessToken).status == 401)
            let squatterLogIn = try await client.post(
                "/v1/auth/login", ["email": Self.victim, "password": Self.squatterPassword])
            #expect(squatterLogIn.status == 401)
            let ownerLogIn = try await client.post(
                "/v1/auth/login", ["email": Self.victim, "password": "Owners-Own-Words-9"])
            #expect(ownerLogIn.status == 200)
        }
    }

    @Test("Confirming the address from the account's own session keeps the password it set")
    func ownSessionKeepsItsPassword() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let signedUp = try await client.signUpWithPassword("sam@example.com", password: "Sunny-Days-2026")
            let code = try #require(await server.latestCode(to: "sam@example.com"))
            let verified = try await client.post(
                "/v1/auth/code/verify", ["email": "sam@example.com", "code": code, "purpose": "verifyEmail"],
                bearer: signedUp.accessToken)
            #expect(verified.status == 200, "\(verified.text)")
            #expect(verified.json.user["emailVerified"] as? Bool == true)
            #expect(verified.json.user["hasPassword"] as? Bool == true)
            #expect(try await client.get("/v1/me", bearer: signedUp.accessToken).status == 200)
            let logIn = try await client.post(
                "/v1/auth/login", ["email": "sam@example.com", "password": "Sunny-Days-2026"])
            #expect(logIn.status == 200)
        }
    }

    @Test("An account whose address was proven keeps its password when a code signs in again")
    func provenAccountsKeepTheirPassword() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let first = try await client.signUpWithCode("sam@example.com", server: server)
            let set = try await client.put(
                "/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: first.accessToken)
            #expect(set.status == 204, "\(set.text)")
            server.clock.advance(by: 61)
            _ = try await client.post("/v1/auth/code", ["email": "sam@example.com", "purpose": "login"])
            let code = try #require(await server.latestCode(to: "sam@example.com"))
            let again = try await client.post(
                "/v1/auth/code/verify", ["email": "sam@example.com", "code": code, "purpose": "login"])
            #expect(again.json.user["hasPassword"] as? Bool == true)
            #expect(try await client.get("/v1/me", bearer: first.accessToken).status == 200)
        }
    }

    @Test("An admin address signed up by someone else gives no admin rights")
    func squattedAdminAddress() async throws {
        let server = try await TestServer.make {
            $0.rateLimits = false
            $0.adminEmails = ["boss@example.com"]
        }
        try await server.test { client in
            let squatter = try await client.signUpWithPassword("boss@example.com")
            let funnel = try await client.get("/v1/admin/flows/tanda/funnel", bearer: squatter.accessToken)
            #expect(funnel.status == 401)
        }
    }
}

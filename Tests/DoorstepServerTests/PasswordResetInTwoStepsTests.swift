import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// A reset in two steps: the code first (a wrong one is found out before anything else is typed), then
/// the new password from the session the code opened.
@Suite("Resetting a password: the code signs in, then the new password is chosen")
struct PasswordResetInTwoStepsTests {
    /// Mails a reset code to `email` and returns it.
    static func resetCode(_ client: TestHTTPClient, server: TestServer, email: String) async throws -> String {
        let forgot = try await client.post("/v1/auth/password/forgot", ["email": email])
        #expect(forgot.status == 202)
        return try #require(await server.latestCode(to: email))
    }

    /// Signs up with the password "Sunny-Days-2026" and confirms the address from the same session, so
    /// the password is the proven owner's; returns the sign-up's session.
    static func verifiedAccount(_ client: TestHTTPClient, server: TestServer, email: String) async throws
        -> [String: Any]
    {
        let session = try await client.signUpWithPassword(email)
        let code = try #require(await server.latestCode(to: email))
        let verified = try await client.post(
            "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "verifyEmail"],
            bearer: session.accessToken)
        #expect(verified.json.user["emailVerified"] as? Bool == true, "\(verified.text)")
        server.clock.advance(by: 61)
        return session
    }

    /// A verified account whose reset code has been entered: the session that code opened.
    static func provedReset(_ client: TestHTTPClient, server: TestServer, email: String) async throws -> [String: Any] {
        _ = try await verifiedAccount(client, server: server, email: email)
        let code = try await resetCode(client, server: server, email: email)
        let signedIn = try await client.post(
            "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "passwordReset"])
        #expect(signedIn.status == 200, "\(signedIn.text)")
        return signedIn.json
    }

    /// Expects a new password refused for want of the current one.
    static func expectCurrentPasswordAsked(_ response: TestResponse) {
        #expect(response.status == 422)
        #expect(field(of: response) == "currentPassword")
    }

    /// The field a 422's first error names.
    static func field(of response: TestResponse) -> String? {
        (response.json["errors"] as? [[String: Any]])?.first?["field"] as? String
    }

    @Test("The reset code signs in; that session sets a new password without the old one; every other session ends")
    func codeThenPassword() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            let original = try await Self.verifiedAccount(client, server: server, email: email)
            let code = try await Self.resetCode(client, server: server, email: email)
            let wrong = try await client.post(
                "/v1/auth/code/verify",
                ["email": email, "code": code == "000000" ? "111111" : "000000", "purpose": "passwordReset"])
            #expect(wrong.code == "invalid_code")
            let signedIn = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "passwordReset"])
            #expect(signedIn.status == 200, "\(signedIn.text)")
            #expect(signedIn.json["isNewUser"] as? Bool == false)
            let set = try await client.put(
                "/v1/auth/password", ["newPassword": "Brand-New-2026"], bearer: signedIn.json.accessToken)
            #expect(set.status == 204, "\(set.text)")
            let again = try await client.put(
                "/v1/auth/password", ["newPassword": "Another-One-2026"], bearer: signedIn.json.accessToken)
            #expect(again.status == 422, "one new password per proven code")
            #expect(Self.field(of: again) == "currentPassword")
            #expect(try await client.get("/v1/me", bearer: signedIn.json.accessToken).status == 200)
            #expect(try await client.get("/v1/me", bearer: original.accessToken).code == "session_revoked")
            let old = try await client.post("/v1/auth/login", ["email": email, "password": "Sunny-Days-2026"])
            #expect(old.status == 401)
            let new = try await client.post("/v1/auth/login", ["email": email, "password": "Brand-New-2026"])
            #expect(new.status == 200)
            let used = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "passwordReset"])
            #expect(used.status != 200, "a reset code works once")
        }
    }

    @Test("Another session of the account, signed in while a reset is proven, still needs the current password")
    func onlyTheProvingSession() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            _ = try await Self.provedReset(client, server: server, email: email)
            let other = try await client.post("/v1/auth/login", ["email": email, "password": "Sunny-Days-2026"])
            #expect(other.status == 200)
            Self.expectCurrentPasswordAsked(
                try await client.put(
                    "/v1/auth/password", ["newPassword": "Brand-New-2026"], bearer: other.json.accessToken))
        }
    }

    @Test("A session from a login code still needs the current password to replace it")
    func loginCodeIsNoReset() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            _ = try await Self.verifiedAccount(client, server: server, email: email)
            _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
            let code = try #require(await server.latestCode(to: email))
            let signedIn = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "login"])
            #expect(signedIn.status == 200, "\(signedIn.text)")
            Self.expectCurrentPasswordAsked(
                try await client.put(
                    "/v1/auth/password", ["newPassword": "Brand-New-2026"], bearer: signedIn.json.accessToken))
            let asked = try await client.post("/v1/auth/code", ["email": email, "purpose": "passwordReset"])
            #expect(asked.status == 400, "a reset code is only mailed by the forgot-password route")
        }
    }

    @Test("The right to skip the old password ends with the recent sign-in, even after proving it again")
    func resetRightExpires() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            let signedIn = try await Self.provedReset(client, server: server, email: email)
            server.clock.advance(by: 11 * 60)
            let token = try await client.post(
                "/v1/auth/token/refresh", ["refreshToken": signedIn.refreshToken]
            ).json.accessToken
            let stale = try await client.put("/v1/auth/password", ["newPassword": "Brand-New-2026"], bearer: token)
            #expect(stale.code == "reauthentication_required")
            _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
            let login = try #require(await server.latestCode(to: email))
            let confirmed = try await client.post("/v1/auth/reauthenticate", ["code": login], bearer: token)
            #expect(confirmed.status == 204, "\(confirmed.text)")
            let refused = try await client.put("/v1/auth/password", ["newPassword": "Brand-New-2026"], bearer: token)
            #expect(Self.field(of: refused) == "currentPassword", "a login code proven later is not a reset")
        }
    }

    @Test("With an authenticator app on, the reset code asks for it; the completed sign-in may set the password")
    func secondFactorFirst() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            let enrolled = try await SecondFactorTests.enrol(client, server: server, email: email)
            let first = try await client.put(
                "/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: enrolled.token)
            #expect(first.status == 204, "\(first.text)")
            server.clock.advance(by: 61)
            let code = try await Self.resetCode(client, server: server, email: email)
            let asked = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "passwordReset"])
            #expect(asked.code == "mfa_required")
            let challenge = try #require(asked.json["mfaChallenge"] as? String)
            let completed = try await client.post(
                "/v1/auth/mfa",
                ["challenge": challenge, "code": try SecondFactorTests.code(enrolled.secret, at: server.clock.now)])
            #expect(completed.status == 200, "\(completed.text)")
            let set = try await client.put(
                "/v1/auth/password", ["newPassword": "Brand-New-2026"], bearer: completed.json.accessToken)
            #expect(set.status == 204, "\(set.text)")
        }
    }

    @Test("A guest entering someone's reset code is signed in to that account; the guest never takes the address")
    func guestDoesNotTakeTheAddress() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            let owner = try await Self.verifiedAccount(client, server: server, email: email)
            let guest = try await client.post("/v1/auth/guest")
            let code = try await Self.resetCode(client, server: server, email: email)
            let signedIn = try await client.post(
                "/v1/auth/code/verify", ["email": email, "code": code, "purpose": "passwordReset"],
                bearer: guest.json.accessToken)
            #expect(signedIn.status == 200, "\(signedIn.text)")
            let me = try await client.get("/v1/me", bearer: signedIn.json.accessToken)
            #expect(me.json["id"] as? String == owner.userID)
            let guestMe = try await client.get("/v1/me", bearer: guest.json.accessToken)
            #expect(guestMe.status == 200, "the guest is still signed in, as a guest")
            #expect(guestMe.json["isGuest"] as? Bool == true)
            #expect(guestMe.json["email"] == nil || guestMe.json["email"] is NSNull)
        }
    }

    @Test("A guessed reset code for an address with no account signs in nobody and makes no account")
    func unknownAddress() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let forgot = try await client.post("/v1/auth/password/forgot", ["email": "nobody@example.com"])
            #expect(forgot.status == 202)
            let guessed = try await client.post(
                "/v1/auth/code/verify", ["email": "nobody@example.com", "code": "123456", "purpose": "passwordReset"])
            #expect(guessed.code == "invalid_code")
            let login = try await client.post(
                "/v1/auth/login", ["email": "nobody@example.com", "password": "Sunny-Days-2026"])
            #expect(login.status == 401)
        }
    }
}

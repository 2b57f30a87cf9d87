import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("A second factor: authenticator apps and recovery codes")
struct SecondFactorTests {
    /// The code an authenticator app holding `secret` shows at `date`.
    static func code(_ secret: String, at date: Date) throws -> String {
        let totp = TOTP(secret: try #require(Base32.decode(secret)))
        return totp.code(atStep: totp.step(at: date))
    }

    /// Signs up with a code, enrols an authenticator and confirms it; returns the secret and recovery codes.
    static func enrol(_ client: TestHTTPClient, server: TestServer, email: String) async throws -> (
        secret: String, recovery: [String], token: String
    ) {
        let session = try await client.signUpWithCode(email, server: server)
        let begun = try await client.post("/v1/me/mfa/totp", bearer: session.accessToken)
        #expect(begun.status == 201, "\(begun.text)")
        let secret = try #require(begun.json["secret"] as? String)
        #expect((begun.json["provisioningUrl"] as? String)?.hasPrefix("otpauth://totp/") == true)
        let recovery = try #require(begun.json["recoveryCodes"] as? [String])
        #expect((begun.json["qrCodeSvg"] as? String)?.hasPrefix("<svg") == true)
        let confirmed = try await client.post(
            "/v1/me/mfa/totp/confirm", ["code": try code(secret, at: server.clock.now)], bearer: session.accessToken)
        #expect(confirmed.status == 204, "\(confirmed.text)")
        return (secret, recovery, session.accessToken)
    }

    /// Asks for a login code and enters it; returns the answer (mfa_required once a factor is on).
    static func signInWithCode(_ client: TestHTTPClient, server: TestServer, email: String) async throws
        -> TestResponse
    {
        server.clock.advance(by: 61)
        _ = try await client.post("/v1/auth/code", ["email": email, "purpose": "login"])
        let code = try #require(await server.latestCode(to: email))
        return try await client.post("/v1/auth/code/verify", ["email": email, "code": code, "purpose": "login"])
    }

    @Test("Once on, a code sign-in answers mfa_required; the app's code completes it once, with a step of skew")
    func signInNeedsTheSecondFactor() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "sam@example.com"
            let (secret, recovery, _) = try await Self.enrol(client, server: server, email: email)
            #expect(recovery.count == 10)
            #expect(Set(recovery).count == 10)
            let stored = try await server.storage.read { try await $0.secondFactor(userID: UUID()) }
            #expect(stored == nil)

            let first = try await Self.signInWithCode(client, server: server, email: email)
            #expect(first.status == 401)
            #expect(first.code == "mfa_required")
            let challenge = try #require(first.json["mfaChallenge"] as? String)
            #expect(first.json["accessToken"] == nil)
            // The phone's clock runs 30 s ahead: one step of skew is accepted.
            let ahead = try Self.code(secret, at: server.clock.now.addingTimeInterval(30))
            let completed = try await client.post("/v1/auth/mfa", ["challenge": challenge, "code": ahead])
            #expect(completed.status == 200, "\(completed.text)")
            #expect(try await client.get("/v1/me", bearer: completed.json.accessToken).status == 200)

            let second = try await Self.signInWithCode(client, server: server, email: email)
            let again = try #require(second.json["mfaChallenge"] as? String)
            let replayed = try await client.post("/v1/auth/mfa", ["challenge": again, "code": ahead])
            #expect(replayed.status == 422, "a code used once is refused again")
            let old = try Self.code(secret, at: server.clock.now.addingTimeInterval(-60))
            #expect(try await client.post("/v1/auth/mfa", ["challenge": again, "code": old]).status == 422)
            let recovered = try await client.post("/v1/auth/mfa", ["challenge": again, "code": recovery[0]])
            #expect(recovered.status == 200, "\(recovered.text)")
            #expect(
                try await client.post("/v1/auth/mfa", ["challenge": again, "code": recovery[1]]).status == 401,
                "a completed challenge is gone")

            let third = try await Self.signInWithCode(client, server: server, email: email)
            let reused = try await client.post(
                "/v1/auth/mfa", ["challenge": third.json["mfaChallenge"] as? String ?? "", "code": recovery[0]])
            #expect(reused.status == 422, "a recovery code is good once")
        }
    }

    @Test("A password log-in needs the second factor too; five wrong codes end the challenge")
    func passwordSignIn() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            let (_, _, token) = try await Self.enrol(client, server: server, email: email)
            let set = try await client.put("/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: token)
            #expect(set.status == 204)
            let logIn = try await client.post("/v1/auth/login", ["email": email, "password": "Sunny-Days-2026"])
            #expect(logIn.code == "mfa_required")
            let challenge = try #require(logIn.json["mfaChallenge"] as? String)
            for _ in 0..<5 {
                #expect(
                    try await client.post("/v1/auth/mfa", ["challenge": challenge, "code": "000000"]).status == 422)
            }
            #expect(try await client.post("/v1/auth/mfa", ["challenge": challenge, "code": "111111"]).status == 401)
        }
    }

    @Test("A reset code alone changes nothing where an authenticator is on; its code sets the password and signs out")
    func resetWaitsForTheApp() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "kim@example.com"
            let (secret, _, token) = try await Self.enrol(client, server: server, email: email)
            #expect(
                try await client.put("/v1/auth/password", ["newPassword": "Owners-Words-2026"], bearer: token).status
                    == 204)

            // Someone who reads only the mailbox resets the password.
            _ = try await client.post("/v1/auth/password/forgot", ["email": email])
            let code = try #require(await server.latestCode(to: email))
            let reset = try await client.post(
                "/v1/auth/password/reset", ["email": email, "code": code, "newPassword": "Mailbox-Thief-2026"])
            #expect(reset.code == "mfa_required", "\(reset.text)")
            let challenge = try #require(reset.json["mfaChallenge"] as? String)
            #expect(try await client.get("/v1/me", bearer: token).status == 200, "the owner is still signed in")
            let thief = try await client.post("/v1/auth/login", ["email": email, "password": "Mailbox-Thief-2026"])
            #expect(thief.code == "invalid_credentials", "\(thief.text)")
            let owner = try await client.post("/v1/auth/login", ["email": email, "password": "Owners-Words-2026"])
            #expect(owner.code == "mfa_required", "the owner's password still holds: \(owner.text)")

            // The owner, with the app, completes the reset: the new password holds and other sessions end.
            server.clock.advance(by: 31)
            let done = try await client.post(
                "/v1/auth/mfa", ["challenge": challenge, "code": try Self.code(secret, at: server.clock.now)])
            #expect(done.status == 200, "\(done.text)")
            #expect(try await client.get("/v1/me", bearer: token).status == 401)
            let after = try await client.post("/v1/auth/login", ["email": email, "password": "Mailbox-Thief-2026"])
            #expect(after.code == "mfa_required", "\(after.text)")
        }
    }

    @Test("Turning it off needs a current code; the secret is sealed at rest")
    func turningOff() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let email = "ray@example.com"
            let (secret, _, token) = try await Self.enrol(client, server: server, email: email)
            let stored = try await server.storage.read { store in
                try await store.user(email: email).asyncFlatMap { try await store.secondFactor(userID: $0.id) }
            }
            #expect(stored?.sealedSecret.contains(secret) == false)
            #expect(try await client.post("/v1/me/mfa/totp/disable", ["code": "000000"], bearer: token).status == 422)
            server.clock.advance(by: 30)
            let now = try Self.code(secret, at: server.clock.now)
            #expect(try await client.post("/v1/me/mfa/totp/disable", ["code": now], bearer: token).status == 204)
            let status = try await client.get("/v1/me/mfa", bearer: token)
            #expect(status.json["enabled"] as? Bool == false)
            let signIn = try await Self.signInWithCode(client, server: server, email: email)
            #expect(signIn.status == 200)
        }
    }

    @Test("Adding an authenticator needs a recent sign-in and an account with an address")
    func enrolmentRules() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest").json.accessToken
            #expect(try await client.post("/v1/me/mfa/totp", bearer: guest).status == 403)
            let session = try await client.signUpWithCode("late@example.com", server: server)
            server.clock.advance(by: 11 * 60)
            let token = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
                .json.accessToken
            let late = try await client.post("/v1/me/mfa/totp", bearer: token)
            #expect(late.code == "reauthentication_required")
        }
    }
}

extension Optional {
    fileprivate func asyncFlatMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

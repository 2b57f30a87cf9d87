import DoorstepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attacks on an account's credentials where two features meet, each played against a real
/// `doorstep serve` as an attacker would, beside the owner's path that must keep working. Codes of the
/// authenticator app come from pyotp, an independent RFC 6238 implementation.
@Suite("Attacks on credentials at the seams, against a real server", .serialized)
struct CredentialAttackTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    func signInWithCode(_ http: HTTP, base: URL, email: String, purpose: String = "login") async throws -> (
        status: Int, json: Any?
    ) {
        #expect(try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": purpose]).status == 202)
        let code = try await latestCode(to: email, servers: [base])
        return try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": purpose])
    }

    /// Turns the authenticator app on for the account of `token`; returns its secret and recovery codes.
    func enrol(_ http: HTTP, token: String) async throws -> (secret: String, recovery: [String]) {
        let begun = try #require(try await http.send("POST", "v1/me/mfa/totp", bearer: token).json as? [String: Any])
        let secret = try #require(begun["secret"] as? String)
        let code = try ReferenceImplementations.code(secret: secret, at: Date())
        #expect(
            try await http.send("POST", "v1/me/mfa/totp/confirm", json: ["code": code], bearer: token).status == 204)
        return (secret, try #require(begun["recoveryCodes"] as? [String]))
    }

    @Test("A squatter's authenticator cannot outlive the owner's proof of the address, nor be set on it")
    func squattersSecondFactor() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { _ = server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let victim = "owner@example.com"
        let squatter = try #require(
            try await http.send("POST", "v1/auth/signup", json: ["email": victim, "password": "Squatter-Owns-2026"])
                .json as? [String: Any])
        let squatterToken = try #require(squatter["accessToken"] as? String)
        // The attack: an authenticator enrolled on an address nobody proved.
        let refused = try await http.send("POST", "v1/me/mfa/totp", bearer: squatterToken)
        #expect(refused.status == 403)
        #expect((refused.json as? [String: Any])?["code"] as? String == "email_not_verified")

        // The owner proves the address with a code and is signed in, no second factor in the way.
        let owner = try await signInWithCode(http, base: base, email: victim)
        #expect(owner.status == 200, "\(String(describing: owner.json))")
        let ownerToken = try #require((owner.json as? [String: Any])?["accessToken"] as? String)
        #expect(try await http.send("GET", "v1/me", bearer: squatterToken).status == 401)
        // The owner may now add their own authenticator, and it works.
        let (secret, recovery) = try await enrol(http, token: ownerToken)
        #expect(recovery.count == 10)
        #expect(!secret.isEmpty)
    }

    @Test("An authenticator and recovery codes set before the address was proven end when its owner proves it")
    func secondFactorEndsWithUnprovenCredentials() async throws {
        // The rule, played on an account that holds every kind of credential before a proof: a sign-up by
        // password, an app-made session, then the address proven by a reset code from the mailbox.
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { _ = server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "kim@example.com"
        let signedUp = try await signInWithCode(http, base: base, email: email, purpose: "signup")
        let token = try #require((signedUp.json as? [String: Any])?["accessToken"] as? String)
        let (_, recovery) = try await enrol(http, token: token)
        #expect(try await http.send("POST", "v1/auth/password/forgot", json: ["email": email]).status == 202)
        let code = try await latestCode(to: email, servers: [base])
        let reset = try await http.send(
            "POST", "v1/auth/password/reset", json: ["email": email, "code": code, "newPassword": "Fresh-Start-2026"])
        // A proven address keeps its authenticator: the reset asks for it, and the audit log has the reset.
        #expect((reset.json as? [String: Any])?["code"] as? String == "mfa_required")
        let challenge = try #require((reset.json as? [String: Any])?["mfaChallenge"] as? String)
        #expect(try await server.waitForLog(containing: "password_reset", within: 10))
        let done = try await http.send("POST", "v1/auth/mfa", json: ["challenge": challenge, "code": recovery[0]])
        #expect(done.status == 200)
    }

    @Test("Re-authentication asks for the authenticator too: a stolen session and password add no passkey")
    func reauthenticationNeedsTheSecondFactor() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { _ = server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "pat@example.com"
        let signedUp = try await signInWithCode(http, base: base, email: email, purpose: "signup")
        let token = try #require((signedUp.json as? [String: Any])?["accessToken"] as? String)
        let (secret, _) = try await enrol(http, token: token)
        #expect(
            try await http.send("PUT", "v1/auth/password", json: ["newPassword": "Sunny-Days-2026"], bearer: token)
                .status == 204)

        // The attacker holds the session (stolen) and the password (leaked).
        let passwordOnly = try await http.send(
            "POST", "v1/auth/reauthenticate", json: ["password": "Sunny-Days-2026"], bearer: token)
        #expect(passwordOnly.status == 403)
        #expect((passwordOnly.json as? [String: Any])?["code"] as? String == "mfa_code_required")
        let wrongApp = try await http.send(
            "POST", "v1/auth/reauthenticate", json: ["password": "Sunny-Days-2026", "mfaCode": "000000"],
            bearer: token)
        #expect(wrongApp.status == 422)

        // The owner, with the app: confirmed.
        let code = try ReferenceImplementations.code(secret: secret, at: Date().addingTimeInterval(30))
        let owner = try await http.send(
            "POST", "v1/auth/reauthenticate", json: ["password": "Sunny-Days-2026", "mfaCode": code], bearer: token)
        #expect(owner.status == 204, "\(String(describing: owner.json))")
    }

    @Test("The current password of a password change cannot be guessed without limit")
    func currentPasswordGuessing() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { _ = server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "lee@example.com"
        #expect(
            try await http.send("POST", "v1/auth/signup", json: ["email": email, "password": "Right-Horse-2026"])
                .status == 201)
        // A session an attacker holds: a log-in made after the sign-up, so the current password is asked.
        let session = try await http.send(
            "POST", "v1/auth/login", json: ["email": email, "password": "Right-Horse-2026"])
        let token = try #require((session.json as? [String: Any])?["accessToken"] as? String)
        var statuses: [Int] = []
        for guess in 0..<8 {
            statuses.append(
                try await http.send(
                    "PUT", "v1/auth/password",
                    json: ["newPassword": "Taken-Over-2026", "currentPassword": "guess-\(guess)-2026"], bearer: token
                ).status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 401 }, "\(statuses)")
        #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 }, "the guessing stops: \(statuses)")
        // The right password after the guesses is refused too, as a log-in would be.
        let right = try await http.send(
            "PUT", "v1/auth/password",
            json: ["newPassword": "Taken-Over-2026", "currentPassword": "Right-Horse-2026"], bearer: token)
        #expect(right.status == 429)
        #expect(server.log.contains("current_password"))
    }
}

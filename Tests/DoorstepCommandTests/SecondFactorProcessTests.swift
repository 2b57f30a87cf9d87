import DoorstepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The second factor against a real server, with codes from pyotp, an independent RFC 6238
/// implementation, on the machine's real clock.
@Suite("Second factor against a real server, codes from pyotp", .serialized)
struct SecondFactorProcessTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    func signInWithCode(_ http: HTTP, base: URL, email: String) async throws -> [String: Any] {
        #expect(try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": "login"]).status == 202)
        let code = try await latestCode(to: email, servers: [base])
        let answer = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": "login"])
        return answer.json as? [String: Any] ?? [:]
    }

    func logIn(_ http: HTTP, email: String) async throws -> [String: Any] {
        let answer = try await http.send(
            "POST", "v1/auth/login", json: ["email": email, "password": "Sunny-Days-2026"])
        return answer.json as? [String: Any] ?? [:]
    }

    @Test("Enrol, sign in with a code then a password, a step of skew, reuse refused, a recovery code once, turn off")
    func endToEnd() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "pat@example.com"
        #expect(try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": "signup"]).status == 202)
        let signUpCode = try await latestCode(to: email, servers: [base])
        let session = try #require(
            try await http.send(
                "POST", "v1/auth/code/verify", json: ["email": email, "code": signUpCode, "purpose": "signup"]
            ).json as? [String: Any])
        let token = try #require(session["accessToken"] as? String)

        let begun = try #require(try await http.send("POST", "v1/me/mfa/totp", bearer: token).json as? [String: Any])
        let secret = try #require(begun["secret"] as? String)
        let first = try await ReferenceImplementations.code(secret: secret, at: Date())
        let confirmed = try await http.send("POST", "v1/me/mfa/totp/confirm", json: ["code": first], bearer: token)
        #expect(confirmed.status == 204)
        let recovery = try #require(begun["recoveryCodes"] as? [String])
        #expect(recovery.count == 10)

        // Sign in: the code is right, the account asks for its second factor.
        let signIn = try await signInWithCode(http, base: base, email: email)
        #expect(signIn["code"] as? String == "mfa_required")
        let challenge = try #require(signIn["mfaChallenge"] as? String)
        // A phone 30 s ahead: pyotp's code of the next step is accepted once.
        let ahead = try await ReferenceImplementations.code(secret: secret, at: Date().addingTimeInterval(30))
        let completed = try await http.send("POST", "v1/auth/mfa", json: ["challenge": challenge, "code": ahead])
        #expect(completed.status == 200)

        // Later sign-ins by password (a code may be asked for once a minute): the same second factor.
        let newToken = try #require((completed.json as? [String: Any])?["accessToken"] as? String)
        let password = try await http.send(
            "PUT", "v1/auth/password", json: ["newPassword": "Sunny-Days-2026"], bearer: newToken)
        #expect(password.status == 204)
        let second = try await logIn(http, email: email)
        let again = try #require(second["mfaChallenge"] as? String)
        let reused = try await http.send("POST", "v1/auth/mfa", json: ["challenge": again, "code": ahead])
        #expect(reused.status == 422, "a code used once is refused again")
        let recovered = try await http.send("POST", "v1/auth/mfa", json: ["challenge": again, "code": recovery[0]])
        #expect(recovered.status == 200)
        let third = try await logIn(http, email: email)
        let once = try await http.send(
            "POST", "v1/auth/mfa", json: ["challenge": third["mfaChallenge"] as? String ?? "", "code": recovery[0]])
        #expect(once.status == 422, "a recovery code is good once")

        let recoveredToken = try #require((recovered.json as? [String: Any])?["accessToken"] as? String)
        let off = try await http.send(
            "POST", "v1/me/mfa/totp/disable", json: ["code": recovery[1]], bearer: recoveredToken)
        #expect(off.status == 204)
        let plain = try await logIn(http, email: email)
        #expect(plain["accessToken"] is String, "one factor is enough again")
        #expect(!server.log.contains(secret), "the secret is never logged")
    }
}

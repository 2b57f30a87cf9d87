import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Auth endpoints")
struct AuthFlowTests {
    @Test("Identify → code → verify creates a verified account, then refresh and me work")
    func signUpByCode() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let identify = try await client.post("/v1/auth/identify", ["email": "Sam@Example.com"])
            #expect(identify.status == 200)
            #expect(identify.json["status"] as? String == "new")
            #expect(identify.json["email"] as? String == "sam@example.com")

            let session = try await client.signUpWithCode("sam@example.com", server: server)
            #expect(session["isNewUser"] as? Bool == true)
            #expect(session.user["emailVerified"] as? Bool == true)
            #expect(session["expiresIn"] as? Int == 900)

            let me = try await client.get("/v1/me", bearer: session.accessToken)
            #expect(me.status == 200)
            #expect(me.json["email"] as? String == "sam@example.com")
            #expect(me.json["hasPassword"] as? Bool == false)

            let refreshed = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            #expect(refreshed.status == 200)
            #expect(refreshed.json.refreshToken != session.refreshToken)
            #expect(refreshed.json.userID == session.userID)

            let existing = try await client.post("/v1/auth/identify", ["email": "sam@example.com"])
            #expect(existing.json["status"] as? String == "existing")
            #expect(existing.json["methods"] as? [String] == ["code"])
        }
    }

    @Test("Sign-up with a password: 201, email unverified, a verifyEmail code mailed, and it verifies")
    func signUpWithPassword() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithPassword("kim@example.com")
            #expect(session.user["emailVerified"] as? Bool == false)
            #expect(session.user["hasPassword"] as? Bool == true)
            #expect(session.user["firstName"] as? String == "Sam")
            let mail = try #require(await server.mail(to: "kim@example.com").first)
            let code = try #require(mail.code)
            #expect(mail.subject == "\(code) is your Doorstep code to confirm your email")
            #expect(mail.html?.contains(code) == true)
            let verified = try await client.post(
                "/v1/auth/code/verify", ["email": "kim@example.com", "code": code, "purpose": "verifyEmail"])
            #expect(verified.json.user["emailVerified"] as? Bool == true)
            #expect(verified.json.userID == session.userID)

            let again = try await client.post(
                "/v1/auth/signup", ["email": "KIM@example.com", "password": "Other-Pass-2026"])
            #expect(again.status == 409)
            #expect(again.code == "email_taken")
        }
    }

    @Test("Sign-up keeps a one-field full name whole, as typed, and its consents with the account")
    func signUpWithNameAndConsents() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let signUp = try await client.post(
                "/v1/auth/signup",
                [
                    "email": "dana@example.com", "password": "Shield-Up-2026!", "name": "  Ludwig van Beethoven ",
                    "consents": [["document": "terms", "version": "2026-05"]],
                ])
            #expect(signUp.status == 201)
            #expect(signUp.json.user["name"] as? String == "Ludwig van Beethoven")
            #expect(signUp.json.user["firstName"] == nil && signUp.json.user["lastName"] == nil, "no guessed split")
            let consents = try await client.get("/v1/me/consents", bearer: signUp.json.accessToken)
            let recorded = (consents.json["consents"] as? [[String: Any]])?.map {
                "\($0["document"] as? String ?? "")@\($0["version"] as? String ?? "")"
            }
            #expect(recorded == ["terms@2026-05"])
            let parts = try await client.send(
                .patch, "/v1/me", body: #"{"firstName": "Ludwig", "lastName": "van Beethoven"}"#,
                bearer: signUp.json.accessToken)
            #expect(parts.json["name"] as? String == "Ludwig van Beethoven", "parts replace the full name")
            #expect(parts.json["lastName"] as? String == "van Beethoven")
            let whole = try await client.send(
                .patch, "/v1/me", body: #"{"name": "Gabriel García Márquez"}"#, bearer: signUp.json.accessToken)
            #expect(whole.json["name"] as? String == "Gabriel García Márquez", "a full name replaces the parts")
            #expect(whole.json["firstName"] == nil && whole.json["lastName"] == nil)

            let single = try await client.post(
                "/v1/auth/signup", ["email": "cher@example.com", "password": "Shield-Up-2026!", "name": "Cher"])
            #expect(single.json.user["name"] as? String == "Cher" && single.json.user["firstName"] == nil)

            for (name, consents) in [
                ("Dana <b>", [["document": "terms", "version": "1"]]),
                ("Dana", [["document": "terms ok?", "version": "1"]]),
                ("Dana", [["document": "terms", "version": ""]]), (String(repeating: "a ", count: 150), []),
            ] {
                let refused = try await client.post(
                    "/v1/auth/signup",
                    ["email": "lee@example.com", "password": "Shield-Up-2026!", "name": name, "consents": consents])
                #expect(refused.status == 422, "\(name) \(consents)")
            }
            let unknown = try await client.post("/v1/auth/identify", ["email": "lee@example.com"])
            #expect(unknown.json["status"] as? String == "new", "a refused sign-up leaves no account behind")
        }
    }

    @Test("Log in: right password works, wrong password and unknown email answer alike")
    func logIn() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            _ = try await client.signUpWithPassword("kim@example.com")
            let ok = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            #expect(ok.status == 200)
            #expect(ok.json["isNewUser"] as? Bool == false)
            let wrong = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Wrong-Pass-1"])
            let before = server.hasher.verifications
            let unknown = try await client.post(
                "/v1/auth/login", ["email": "nobody@example.com", "password": "Wrong-Pass-1"])
            #expect(wrong.status == 401)
            #expect(unknown.status == wrong.status)
            // Identical but for the request's own id, which every answer carries.
            var unknownProblem = unknown.json
            var wrongProblem = wrong.json
            #expect(
                unknownProblem.removeValue(forKey: "requestId") as? String != wrongProblem.removeValue(
                    forKey: "requestId") as? String)
            #expect(
                NSDictionary(dictionary: unknownProblem) == NSDictionary(dictionary: wrongProblem),
                "the answers are identical")
            #expect(server.hasher.verifications == before + 1, "an unknown email costs a bcrypt check too")
        }
    }

    @Test("Five failed log-ins in 15 minutes lock the account with Retry-After; it unlocks afterwards")
    func lockOut() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            _ = try await client.signUpWithPassword("kim@example.com")
            for _ in 0..<5 {
                let response = try await client.post(
                    "/v1/auth/login", ["email": "kim@example.com", "password": "nope-nope"])
                #expect(response.status == 401)
            }
            let locked = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            #expect(locked.status == 429)
            #expect(locked.code == "too_many_attempts")
            #expect(locked.headers[.retryAfter] == "900")
            server.clock.advance(by: 901)
            let open = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            #expect(open.status == 200)
        }
    }

    @Test("Forgot password always answers 202; the reset code sets a new password and ends old sessions")
    func forgotAndReset() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let original = try await client.signUpWithPassword("kim@example.com")
            let unknown = try await client.post("/v1/auth/password/forgot", ["email": "nobody@example.com"])
            #expect(unknown.status == 202)
            #expect(await server.mail(to: "nobody@example.com").isEmpty)
            let known = try await client.post("/v1/auth/password/forgot", ["email": "kim@example.com"])
            #expect(known.status == 202)
            #expect(known.body == unknown.body, "the answer never tells whether the account exists")
            let code = try #require(await server.mail(to: "kim@example.com").first?.code)
            let reset = try await client.post(
                "/v1/auth/password/reset",
                ["email": "kim@example.com", "code": code, "newPassword": "Brand-New-2026"])
            #expect(reset.status == 200)
            let oldAccess = try await client.get("/v1/me", bearer: original.accessToken)
            #expect(oldAccess.status == 401)
            #expect(oldAccess.code == "session_revoked")
            let oldRefresh = try await client.post("/v1/auth/token/refresh", ["refreshToken": original.refreshToken])
            #expect(oldRefresh.status == 401)
            let login = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Brand-New-2026"])
            #expect(login.status == 200)
        }
    }

    @Test(
        "Set password: the first needs nothing, the sign-up's session may replace it, a later sign-in needs the current one"
    )
    func setPassword() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let signUp = try await client.signUpWithCode("sam@example.com", server: server)
            let first = try await client.put(
                "/v1/auth/password", ["newPassword": "Early-Days-2026"], bearer: signUp.accessToken)
            #expect(first.status == 204)
            let replaced = try await client.put(
                "/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: signUp.accessToken)
            #expect(replaced.status == 204, "a person going back a step in their sign-up picks another password")
            server.clock.advance(by: 60)
            let login = try await client.post(
                "/v1/auth/login", ["email": "sam@example.com", "password": "Sunny-Days-2026"])
            #expect(login.status == 200)
            let session = login.json
            let missing = try await client.put(
                "/v1/auth/password", ["newPassword": "Other-Days-2026"], bearer: session.accessToken)
            #expect(missing.status == 422)
            #expect((missing.json["errors"] as? [[String: Any]])?.first?["field"] as? String == "currentPassword")
            let wrong = try await client.put(
                "/v1/auth/password", ["newPassword": "Other-Days-2026", "currentPassword": "x"],
                bearer: session.accessToken)
            #expect(wrong.status == 401)
            let right = try await client.put(
                "/v1/auth/password",
                ["newPassword": "Other-Days-2026", "currentPassword": "Sunny-Days-2026"],
                bearer: session.accessToken)
            #expect(right.status == 204)
            let anonymous = try await client.put("/v1/auth/password", ["newPassword": "Other-Days-2026"])
            #expect(anonymous.status == 401)
            #expect(anonymous.code == "unauthenticated")
        }
    }

    @Test("Config, health and the OpenAPI document are served")
    func systemEndpoints() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let config = try await client.get("/v1/auth/config")
            #expect(config.json["codeLength"] as? Int == 6)
            #expect(config.json["resendAfter"] as? Int == 60)
            #expect((config.json["password"] as? [String: Any])?["minLength"] as? Int == 8)
            #expect(try await client.get("/healthz").status == 200)
            let document = try await client.get("/openapi.yaml")
            #expect(document.status == 200)
            #expect(document.text.hasPrefix("openapi: 3.1.0"))
        }
    }
}

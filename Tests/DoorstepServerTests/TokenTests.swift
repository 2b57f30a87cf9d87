import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Access and refresh tokens")
struct TokenTests {
    @Test("Refresh tokens are stored as their SHA-256 in lowercase hex, as FIPS 180-2 gives it")
    func sha256Hex() {
        #expect(Digests.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digests.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("Tokens and ids are base64url without padding, as RFC 4648 section 5 writes it")
    func base64URL() {
        let vectors = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (text, encoded) in vectors { #expect(Data(text.utf8).base64URLEncoded == encoded) }
        #expect(Data([0xFB, 0xFF, 0xBF]).base64URLEncoded == "-_-_")
        #expect(Data([0xFB, 0xFF]).base64URLEncoded == "-_8")
        let bytes = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for length in 0...bytes.count {
            let data = Data(bytes.prefix(length))
            let reference = data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(data.base64URLEncoded == reference, "\(length) bytes")
            #expect(Data(data.dropFirst()).base64URLEncoded == Data(data).dropFirst().base64URLEncoded)
        }
    }

    /// Bytes of URL-safe base64 without padding.
    static func base64URLDecoded(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// One JSON part of a JWT: 0 is the header, 1 the claims.
    func part(_ index: Int, of token: String) throws -> [String: Any] {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        let data = try #require(Self.base64URLDecoded(parts[index]))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("Access tokens are ES256 JWTs of 15 minutes with sub, sid, iat, exp, iss and aud")
    func accessTokenShape() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            #expect(try part(0, of: session.accessToken)["alg"] as? String == "ES256")
            let claims = try part(1, of: session.accessToken)
            #expect(claims["sub"] as? String == session.userID)
            #expect(claims["sid"] as? String != nil)
            #expect(claims["iss"] as? String == "doorstep")
            #expect((claims["exp"] as? Double ?? 0) - (claims["iat"] as? Double ?? 0) == 900)
            #expect(try await client.get("/v1/me", bearer: session.accessToken).status == 200)
            server.clock.advance(by: 901)
            let expired = try await client.get("/v1/me", bearer: session.accessToken)
            #expect(expired.status == 401)
            #expect(expired.code == "token_expired")
        }
    }

    @Test(
        "Forged, tampered, unsigned and foreign tokens are refused with 401",
        arguments: [
            "not-a-token", "a.b.c", "", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
        ])
    func forgedTokens(_ token: String) async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let response = try await client.get("/v1/me", bearer: token)
            #expect(response.status == 401)
            #expect(response.code == "unauthenticated")
        }
    }

    @Test("A token with a changed payload or an alg:none header fails its signature check")
    func tampered() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            let victim = try await client.signUpWithCode("b@example.com", server: server)
            let parts = session.accessToken.split(separator: ".").map(String.init)
            let victimParts = victim.accessToken.split(separator: ".").map(String.init)
            let swapped = [parts[0], victimParts[1], parts[2]].joined(separator: ".")
            #expect(try await client.get("/v1/me", bearer: swapped).status == 401)
            let none = Data(#"{"alg":"none","typ":"JWT"}"#.utf8).base64URLEncoded
            #expect(try await client.get("/v1/me", bearer: "\(none).\(parts[1]).").status == 401)
            #expect(try await client.get("/v1/me", bearer: "\(none).\(parts[1]).\(parts[2])").status == 401)
        }
    }

    @Test("Refresh tokens carry 256 random bits and are stored only as hashes")
    func refreshTokenStorage() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            #expect(Self.base64URLDecoded(session.refreshToken)?.count == 32)
            let token = session.refreshToken
            let byToken = try await server.storage.transaction { try await $0.refreshToken(hash: token) }
            #expect(byToken == nil, "the token itself is not a key in storage")
            let byHash = try await server.storage.transaction {
                try await $0.refreshToken(hash: Digests.sha256Hex(token))
            }
            #expect(byHash != nil)
        }
    }

    @Test("Refresh rotates every time; reusing an old token revokes the session")
    func rotationAndReuse() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            let first = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            server.clock.advance(by: 11)
            let reused = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            #expect(reused.status == 401)
            #expect(reused.code == "refresh_token_reused")
            let successor = try await client.post("/v1/auth/token/refresh", ["refreshToken": first.json.refreshToken])
            #expect(successor.status == 401, "the whole session ended")
            #expect(successor.code == "session_revoked")
            let access = try await client.get("/v1/me", bearer: first.json.accessToken)
            #expect(access.code == "session_revoked")
        }
    }

    @Test("Within 10 seconds a reused token gets the very same successor, and the session lives on")
    func graceWindow() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            let first = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            server.clock.advance(by: 9)
            let retry = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            #expect(retry.status == 200)
            #expect(retry.json.refreshToken == first.json.refreshToken)
            let next = try await client.post("/v1/auth/token/refresh", ["refreshToken": retry.json.refreshToken])
            #expect(next.status == 200)
            server.clock.advance(by: 1)
            let stale = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            #expect(stale.code == "refresh_token_reused", "once the successor was used, the grace is over")
        }
    }

    @Test("Logout ends the session: its access and refresh tokens stop working; others keep working")
    func logout() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let phone = try await client.signUpWithCode("a@example.com", server: server)
            server.clock.advance(by: 61)
            _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "login"])
            let code = try #require(await server.latestCode(to: "a@example.com"))
            let tablet = try await client.post(
                "/v1/auth/code/verify", ["email": "a@example.com", "code": code, "purpose": "login"]
            ).json
            let sessions = try await client.get("/v1/auth/sessions", bearer: phone.accessToken)
            #expect(sessions.jsonArray.count == 2)
            #expect(sessions.jsonArray.filter { $0["current"] as? Bool == true }.count == 1)

            #expect(try await client.post("/v1/auth/logout", bearer: phone.accessToken).status == 204)
            #expect(try await client.get("/v1/me", bearer: phone.accessToken).code == "session_revoked")
            #expect(try await client.post("/v1/auth/token/refresh", ["refreshToken": phone.refreshToken]).status == 401)
            #expect(try await client.get("/v1/me", bearer: tablet.accessToken).status == 200)
        }
    }

    @Test("Sessions can be listed and one revoked; another user's session is not found")
    func revokeSession() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let mine = try await client.signUpWithCode("a@example.com", server: server)
            let theirs = try await client.signUpWithCode("b@example.com", server: server)
            let theirID = try #require(
                try await client.get("/v1/auth/sessions", bearer: theirs.accessToken).jsonArray.first?["id"] as? String)
            let denied = try await client.send(.delete, "/v1/auth/sessions/\(theirID)", bearer: mine.accessToken)
            #expect(denied.status == 404)
            #expect(try await client.get("/v1/me", bearer: theirs.accessToken).status == 200)
            let garbage = try await client.send(.delete, "/v1/auth/sessions/not-a-uuid", bearer: mine.accessToken)
            #expect(garbage.status == 404)
            let myID = try #require(
                try await client.get("/v1/auth/sessions", bearer: mine.accessToken).jsonArray.first?["id"] as? String)
            #expect(try await client.send(.delete, "/v1/auth/sessions/\(myID)", bearer: mine.accessToken).status == 204)
            #expect(try await client.get("/v1/me", bearer: mine.accessToken).status == 401)
        }
    }
}

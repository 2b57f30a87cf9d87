import Crypto
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import JWTKit
import Testing

@Suite("Sign in with Apple and Google", .serialized)
struct ProviderSignInTests {
    static func configure(_ base: URL) -> @Sendable (inout ServerConfiguration) -> Void {
        { configuration in
            configuration.apple = .apple(audiences: ["com.example.app"], jwksURL: base.appendingPathComponent("keys"))
            configuration.google = .google(audiences: ["client.example"], jwksURL: base.appendingPathComponent("keys"))
            configuration.appleTokens = try? AppleTokenClient.Configuration(
                clientID: "com.example.app", teamID: "TEAM123456", keyID: "APPLEKEY01",
                privateKey: ES256PrivateKey(backing: P256.Signing.PrivateKey()),
                tokenURL: base.appendingPathComponent("auth/token"),
                revokeURL: base.appendingPathComponent("auth/revoke"))
        }
    }

    @Test("The first Apple sign-in creates the account with the names sent once; later ones find it")
    func appleFirstAndLater() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let claims = TestIdentityClaims.apple(
                sub: "apple-001", email: "sam@privaterelay.appleid.com", now: server.clock.now)
            let first = try await client.post(
                "/v1/auth/apple",
                try await provider.signIn(claims).merging([
                    "firstName": "Sam", "lastName": "Jones", "authorizationCode": "code-1",
                ]) { $1 })
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json["isNewUser"] as? Bool == true)
            #expect(first.json.user["firstName"] as? String == "Sam")
            #expect(first.json.user["providers"] as? [String] == ["apple"])
            let again = try await client.post("/v1/auth/apple", try await provider.signIn(claims))
            #expect(again.json["isNewUser"] as? Bool == false)
            #expect(again.json.userID == first.json.userID)
            let config = try await client.get("/v1/auth/config")
            #expect((config.json["methods"] as? [String])?.contains("apple") == true)
        }
    }

    @Test("Forged signatures, wrong audiences, wrong issuers and expired tokens are refused")
    func refusedTokens() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let now = server.clock.now
            let nonce = SHA256.hash(data: Data("n".utf8)).map { String(format: "%02x", $0) }.joined()
            let good = TestIdentityClaims.apple(sub: "apple-002", now: now, nonce: nonce)
            let forger = try ES256PrivateKey(backing: P256.Signing.PrivateKey())
            var wrongAudience = good
            wrongAudience.aud = "com.other.app"
            var wrongIssuer = good
            wrongIssuer.iss = "https://evil.example"
            var expired = good
            expired.exp = now.timeIntervalSince1970 - 1
            let tokens = [
                try await provider.token(
                    good, signedWith: forger, keyID: IdentityKeyID.newest(of: try await provider.token(good))),
                try await provider.token(wrongAudience), try await provider.token(wrongIssuer),
                try await provider.token(expired), "not.a.token", "",
            ]
            for token in tokens {
                let response = try await client.post("/v1/auth/apple", ["identityToken": token, "rawNonce": "n"])
                #expect(response.status == 422)
                #expect(response.code == "invalid_identity_token")
            }
            let accepted = try await client.post(
                "/v1/auth/apple", ["identityToken": try await provider.token(good), "rawNonce": "n"])
            #expect(accepted.status == 200, "only each token's own defect refused it")
        }
    }

    @Test("Nonces: Apple's is the SHA-256 of the raw nonce, must match, and may be used once")
    func nonces() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let raw = "raw-nonce-123"
            let hashed = SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined()
            let token = try await provider.token(.apple(sub: "apple-003", now: server.clock.now, nonce: hashed))
            #expect(
                try await client.post("/v1/auth/apple", ["identityToken": token]).status == 422,
                "a token with a nonce needs its raw nonce")
            let withoutNonce = try await provider.token(.apple(sub: "apple-003", now: server.clock.now))
            #expect(
                try await client.post("/v1/auth/apple", ["identityToken": withoutNonce]).status == 422,
                "a token without the nonce the app made could have been made for anyone")
            #expect(
                try await client.post("/v1/auth/apple", ["identityToken": token, "rawNonce": "other"]).status == 422
            )
            #expect(
                try await client.post("/v1/auth/apple", ["identityToken": token, "rawNonce": raw]).status == 200)
            let replay = try await client.post("/v1/auth/apple", ["identityToken": token, "rawNonce": raw])
            #expect(replay.status == 422, "a nonce is good for one sign-in")
        }
    }

    @Test("An unknown key id makes the server fetch the key set again, once")
    func keyRotation() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let claims = TestIdentityClaims.apple(sub: "apple-004", now: server.clock.now)
            #expect(try await client.post("/v1/auth/apple", try await provider.signIn(claims)).status == 200)
            #expect(provider.keySetFetches == 1)
            #expect(try await client.post("/v1/auth/apple", try await provider.signIn(claims)).status == 200)
            #expect(provider.keySetFetches == 1, "known keys are cached")
            try provider.rotateKey()
            server.clock.advance(by: 11)
            let after = TestIdentityClaims.apple(sub: "apple-004", now: server.clock.now)
            #expect(try await client.post("/v1/auth/apple", try await provider.signIn(after)).status == 200)
            #expect(provider.keySetFetches == 2)
        }
    }

    @Test("Google links to a password account only when it says the email is verified, ending what was set before")
    func googleLinking() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let owner = try await client.signUpWithPassword("kim@example.com")
            var unverified = TestIdentityClaims.apple(
                sub: "google-1", email: "kim@example.com", verified: false,
                audience: "client.example", now: server.clock.now)
            unverified.iss = "https://accounts.google.com"
            let refused = try await client.post("/v1/auth/google", try await provider.signIn(unverified))
            #expect(refused.status == 409)
            #expect(refused.code == "email_taken")
            var verified = unverified
            verified.emailVerified = "true"
            let linked = try await client.post("/v1/auth/google", try await provider.signIn(verified))
            #expect(linked.status == 200)
            #expect(linked.json.userID == owner.userID)
            #expect(linked.json.user["providers"] as? [String] == ["google"])
            // Nobody had proven the address: whoever set the password may not have been its owner.
            #expect(linked.json.user["hasPassword"] as? Bool == false)
            #expect(try await client.get("/v1/me", bearer: owner.accessToken).status == 401)
        }
    }

    @Test("Deleting an Apple-linked account revokes its Apple token")
    func revocationOnDelete() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let claims = TestIdentityClaims.apple(sub: "apple-005", now: server.clock.now)
            let session = try await client.post(
                "/v1/auth/apple", try await provider.signIn(claims).merging(["authorizationCode": "code-5"]) { $1 }
            ).json
            let stored = try await server.storage.read {
                try await $0.identity(provider: "apple", subject: "apple-005")
            }
            let sealed = try #require(stored?.providerRefreshToken)
            #expect(!sealed.contains("apple-refresh-token"), "Apple's refresh token is sealed at rest")
            #expect(try await client.send(.delete, "/v1/me", bearer: session.accessToken).status == 204)
            #expect(provider.revoked == ["apple-refresh-token"])
        }
    }

    @Test(
        "An Apple account without an email address, its session stolen, signs in again before it can be deleted or given a password"
    )
    func noEmailNeedsAFreshSignIn() async throws {
        try await FakeIdentityProvider.withServer(configure: Self.configure) { provider, server, client, _ in
            let claims = TestIdentityClaims.apple(sub: "apple-006", now: server.clock.now)
            let owner = try await client.post("/v1/auth/apple", try await provider.signIn(claims)).json
            #expect(owner.user["email"] as? String == nil)
            // Eleven minutes on, someone holding the session's refresh token tries to lock the owner out.
            server.clock.advance(by: 11 * 60)
            let stolen = try await client.post("/v1/auth/token/refresh", ["refreshToken": owner.refreshToken])
                .json.accessToken
            let deletion = try await client.send(.delete, "/v1/me", bearer: stolen)
            #expect(deletion.status == 403)
            #expect(deletion.code == "reauthentication_required")
            #expect(
                deletion.json["detail"] as? String == "For your security, sign in again before making this change.")
            let password = try await client.put(
                "/v1/auth/password", ["newPassword": "Sunny-Days-2026"], bearer: stolen)
            #expect(password.code == "reauthentication_required")
            let confirmed = try await client.post(
                "/v1/auth/reauthenticate", ["password": "Sunny-Days-2026"], bearer: stolen)
            #expect(confirmed.status == 401, "there is no password or address to confirm with")
            #expect(try await client.get("/v1/me", bearer: stolen).status == 200, "the account is still there")
            // The owner signs in with Apple again: that session may delete the account.
            let again = try await client.post(
                "/v1/auth/apple",
                try await provider.signIn(TestIdentityClaims.apple(sub: "apple-006", now: server.clock.now))
            ).json
            #expect(again.userID == owner.userID)
            #expect(try await client.send(.delete, "/v1/me", bearer: again.accessToken).status == 204)
        }
    }

    @Test("Without configuration, the provider endpoints do not exist")
    func notConfigured() async throws {
        let server = try await TestServer.make()
        try await server.test { (client: TestHTTPClient) async throws in
            #expect(try await client.post("/v1/auth/apple", ["identityToken": "x"]).status == 404)
            #expect(try await client.post("/v1/auth/google", ["idToken": "x"]).status == 404)
        }
    }
}

/// Reads the key id a token was signed with, so a forgery can claim the real key's id.
enum IdentityKeyID {
    static func newest(of token: String) -> String {
        let header = String(token.split(separator: ".")[0])
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let object = (try? JSONSerialization.jsonObject(with: Data(base64Encoded: base64) ?? Data())) as? [String: Any]
        return object?["kid"] as? String ?? ""
    }
}

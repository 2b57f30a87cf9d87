import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// Passkeys over the real router, with a software authenticator standing in for Face ID.
@Suite("Passkeys over HTTP")
struct PasskeyAPITests {
    static let rpID = "example.com"
    static let origin = "https://auth.example.com"

    static func server() async throws -> TestServer {
        try await TestServer.make { configuration in
            configuration.passkeys = PasskeyRelyingParty(
                id: rpID, name: "Example", origins: [origin])
            configuration.appleAppIDs = ["ABCDE12345.com.example.app"]
        }
    }

    /// Asks for registration options, has the authenticator answer them, and posts the answer.
    static func addPasskey(
        _ authenticator: SoftwareAuthenticator, bearer: String, client: TestHTTPClient, origin: String = origin,
        rpID: String = rpID
    ) async throws -> TestResponse {
        let options = try await client.post("/v1/auth/passkeys/registration/options", bearer: bearer)
        #expect(options.status == 200, "\(options.text)")
        let challenge = try #require(Base64URL.decode(options.json["challenge"] as? String ?? ""))
        let made = authenticator.register(challenge: challenge, rpID: rpID, origin: origin)
        let id = Base64URL.encode(authenticator.credentialID)
        return try await client.post(
            "/v1/auth/passkeys/registration",
            [
                "id": id, "rawId": id, "type": "public-key", "clientExtensionResults": [String: Any](),
                "response": [
                    "clientDataJSON": Base64URL.encode(made.clientDataJSON),
                    "attestationObject": Base64URL.encode(made.attestationObject), "transports": ["internal"],
                ],
            ],
            bearer: bearer)
    }

    /// Asks for sign-in options and answers them with the authenticator.
    static func signIn(
        _ authenticator: SoftwareAuthenticator, userID: String, client: TestHTTPClient,
        challenge reuse: [UInt8]? = nil, tamper: Bool = false, origin: String = origin
    ) async throws -> (TestResponse, [UInt8]) {
        let options = try await client.post("/v1/auth/passkeys/authentication/options")
        #expect(options.status == 200, "\(options.text)")
        #expect(options.json["rpId"] as? String == rpID)
        let challenge = try reuse ?? #require(Base64URL.decode(options.json["challenge"] as? String ?? ""))
        let made = authenticator.assert(challenge: challenge, rpID: rpID, origin: origin)
        var signature = made.signature
        if tamper { signature[signature.count - 1] ^= 0x01 }
        let id = Base64URL.encode(authenticator.credentialID)
        let uuid = try #require(UUID(uuidString: userID))
        let handle = withUnsafeBytes(of: uuid.uuid) { Base64URL.encode($0) }
        let response = try await client.post(
            "/v1/auth/passkeys/authentication",
            [
                "id": id, "rawId": id, "type": "public-key",
                "response": [
                    "clientDataJSON": Base64URL.encode(made.clientDataJSON),
                    "authenticatorData": Base64URL.encode(made.authenticatorData),
                    "signature": Base64URL.encode(signature), "userHandle": handle,
                ],
            ])
        return (response, challenge)
    }

    @Test("Sign up, add a passkey, sign in with it alone; the same session shape as every sign-in")
    func registerAndSignIn() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let account = try await client.signUpWithCode("pat@example.com", server: server)
            var authenticator = SoftwareAuthenticator()
            let added = try await Self.addPasskey(authenticator, bearer: account.accessToken, client: client)
            #expect(added.status == 201, "\(added.text)")
            #expect(added.json["backedUp"] as? Bool == true)

            let listed = try await client.get("/v1/me/passkeys", bearer: account.accessToken)
            #expect(listed.jsonArray.count == 1)
            let again = try await client.post("/v1/auth/passkeys/registration/options", bearer: account.accessToken)
            let excluded = again.json["excludeCredentials"] as? [[String: Any]]
            #expect(excluded?.first?["id"] as? String == Base64URL.encode(authenticator.credentialID))

            authenticator.signCount = 0
            let (signedIn, _) = try await Self.signIn(authenticator, userID: account.userID, client: client)
            #expect(signedIn.status == 200, "\(signedIn.text)")
            #expect(signedIn.json.userID == account.userID)
            #expect(!signedIn.json.accessToken.isEmpty && !signedIn.json.refreshToken.isEmpty)
            let me = try await client.get("/v1/me", bearer: signedIn.json.accessToken)
            #expect(me.json["email"] as? String == "pat@example.com")
            let config = try await client.get("/v1/auth/config")
            #expect((config.json["methods"] as? [String])?.contains("passkey") == true)
        }
    }

    @Test("A guest can add a passkey, and it signs the guest back in")
    func guestPasskey() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let guest = try await client.post("/v1/auth/guest")
            let authenticator = SoftwareAuthenticator()
            let added = try await Self.addPasskey(authenticator, bearer: guest.json.accessToken, client: client)
            #expect(added.status == 201, "\(added.text)")
            let (signedIn, _) = try await Self.signIn(authenticator, userID: guest.json.userID, client: client)
            #expect(signedIn.json.userID == guest.json.userID)
        }
    }

    @Test("A wrong origin, a wrong RP ID, a replayed or expired challenge and a tampered signature are refused")
    func refusals() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let account = try await client.signUpWithCode("lee@example.com", server: server)
            let token = account.accessToken
            let elsewhere = try await Self.addPasskey(
                SoftwareAuthenticator(), bearer: token, client: client, origin: "https://evil.test")
            #expect(elsewhere.status == 400 && elsewhere.json["code"] as? String == "passkey_wrong_site")
            let otherRP = try await Self.addPasskey(
                SoftwareAuthenticator(), bearer: token, client: client, rpID: "evil.test")
            #expect(otherRP.json["code"] as? String == "passkey_wrong_site")

            var authenticator = SoftwareAuthenticator()
            #expect(try await Self.addPasskey(authenticator, bearer: token, client: client).status == 201)
            authenticator.signCount = 1
            let (first, challenge) = try await Self.signIn(authenticator, userID: account.userID, client: client)
            #expect(first.status == 200)
            authenticator.signCount = 2
            let (replayed, _) = try await Self.signIn(
                authenticator, userID: account.userID, client: client, challenge: challenge)
            #expect(replayed.status == 400 && replayed.json["code"] as? String == "passkey_challenge_invalid")

            let (tampered, _) = try await Self.signIn(
                authenticator, userID: account.userID, client: client, tamper: true)
            #expect(tampered.status == 401 && tampered.json["code"] as? String == "passkey_rejected")

            authenticator.signCount = 1
            let (regressed, _) = try await Self.signIn(authenticator, userID: account.userID, client: client)
            #expect(regressed.status == 401 && regressed.json["code"] as? String == "passkey_rejected")

            let options = try await client.post("/v1/auth/passkeys/authentication/options")
            let stale = try #require(Base64URL.decode(options.json["challenge"] as? String ?? ""))
            server.clock.advance(by: PasskeyService.challengeLifetime + 1)
            authenticator.signCount = 5
            let (expired, _) = try await Self.signIn(
                authenticator, userID: account.userID, client: client, challenge: stale)
            #expect(expired.json["code"] as? String == "passkey_challenge_invalid")
        }
    }

    @Test("Without user verification, with another account's handle, or after removal, a passkey cannot sign in")
    func verificationOwnershipRemoval() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let account = try await client.signUpWithCode("kim@example.com", server: server)
            let other = try await client.signUpWithCode("ray@example.com", server: server)
            var authenticator = SoftwareAuthenticator()
            authenticator.userVerified = false
            let unverified = try await Self.addPasskey(authenticator, bearer: account.accessToken, client: client)
            #expect(unverified.json["code"] as? String == "passkey_user_not_verified")
            authenticator.userVerified = true
            #expect(try await Self.addPasskey(authenticator, bearer: account.accessToken, client: client).status == 201)
            let taken = try await Self.addPasskey(authenticator, bearer: other.accessToken, client: client)
            #expect(taken.status == 409 || taken.json["code"] as? String == "passkey_exists")

            let (asOther, _) = try await Self.signIn(authenticator, userID: other.userID, client: client)
            #expect(asOther.status == 401)

            let id = Base64URL.encode(authenticator.credentialID)
            let foreign = try await client.send(.delete, "/v1/me/passkeys/\(id)", bearer: other.accessToken)
            #expect(foreign.status == 404)
            let removed = try await client.send(.delete, "/v1/me/passkeys/\(id)", bearer: account.accessToken)
            #expect(removed.status == 204)
            let (afterRemoval, _) = try await Self.signIn(authenticator, userID: account.userID, client: client)
            #expect(afterRemoval.status == 401 && afterRemoval.json["code"] as? String == "passkey_rejected")
        }
    }

    @Test("Deleting the account deletes its passkeys")
    func accountDeletion() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let account = try await client.signUpWithCode("ola@example.com", server: server)
            let authenticator = SoftwareAuthenticator()
            #expect(try await Self.addPasskey(authenticator, bearer: account.accessToken, client: client).status == 201)
            let deleted = try await client.send(.delete, "/v1/me", bearer: account.accessToken)
            #expect(deleted.status == 204, "\(deleted.text)")
            let stored = try await server.storage.read {
                try await $0.passkey(id: Base64URL.encode(authenticator.credentialID))
            }
            #expect(stored == nil)
        }
    }

    @Test("An app named in the association file signs up and in from the origin iOS reports: https://<rp id>")
    func nativeAppOrigin() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let account = try await client.signUpWithCode("ios@example.com", server: server)
            let authenticator = SoftwareAuthenticator()
            let added = try await Self.addPasskey(
                authenticator, bearer: account.accessToken, client: client, origin: "https://example.com")
            #expect(added.status == 201, "\(added.text)")
            let (signedIn, _) = try await Self.signIn(
                authenticator, userID: account.userID, client: client, origin: "https://example.com")
            #expect(signedIn.status == 200 && signedIn.json.userID == account.userID, "\(signedIn.text)")
        }
        let withoutApps = try await TestServer.make { configuration in
            configuration.passkeys = PasskeyRelyingParty(id: Self.rpID, name: "Example", origins: [Self.origin])
        }
        try await withoutApps.test { client in
            let account = try await client.signUpWithCode("web@example.com", server: withoutApps)
            let added = try await Self.addPasskey(
                SoftwareAuthenticator(), bearer: account.accessToken, client: client, origin: "https://example.com")
            #expect(added.status == 400 && added.json["code"] as? String == "passkey_wrong_site")
        }
    }

    @Test("Without an RP ID the passkey endpoints are not there; the association file lists the apps")
    func offAndAssociation() async throws {
        let off = try await TestServer.make()
        try await off.test { client in
            let options = try await client.post("/v1/auth/passkeys/authentication/options")
            #expect(options.status == 404 && options.headers[.contentType] == "application/problem+json")
            let config = try await client.get("/v1/auth/config")
            #expect((config.json["methods"] as? [String])?.contains("passkey") == false)
        }
        let on = try await Self.server()
        try await on.test { client in
            let association = try await client.get("/.well-known/apple-app-site-association")
            #expect(association.status == 200)
            #expect(association.text == #"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"#)
        }
    }

    @Test("Garbage in every passkey field gets a problem, never a crash")
    func garbage() async throws {
        let server = try await Self.server()
        try await server.test { client in
            let account = try await client.signUpWithCode("max@example.com", server: server)
            let bodies: [[String: Any]] = [
                [:], ["id": "x", "rawId": "x", "type": "public-key", "response": [String: Any]()],
                [
                    "id": "x", "rawId": "x", "type": "public-key",
                    "response": ["clientDataJSON": "!!", "attestationObject": "AAAA"],
                ],
                [
                    "id": "x", "rawId": "x", "type": "public-key",
                    "response": ["clientDataJSON": Base64URL.encode(Array("{}".utf8)), "attestationObject": "oA"],
                ],
            ]
            for body in bodies {
                let registration = try await client.post(
                    "/v1/auth/passkeys/registration", body, bearer: account.accessToken)
                #expect((400..<500).contains(registration.status), "\(registration.text)")
                let authentication = try await client.post("/v1/auth/passkeys/authentication", body)
                #expect((400..<500).contains(authentication.status), "\(authentication.text)")
            }
        }
    }
}

import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import JWTKit
import Testing

/// What an app's own backend would check in a Doorstep access token, with nothing but the key set.
struct AppBackendClaims: JWTPayload {
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var iss: IssuerClaim
    var aud: AudienceClaim

    /// Expiry is checked by the test against the server's manual clock; a backend would call
    /// `exp.verifyNotExpired()` here.
    func verify(using algorithm: some JWTAlgorithm) async throws {
        guard iss.value == "doorstep" else {
            throw JWTError.claimVerificationFailure(failedClaim: iss, reason: "issuer")
        }
        try aud.verifyIntendedAudience(includes: "doorstep-app")
    }
}

@Suite("Signing keys published as JWKS")
struct JWKSTests {
    @Test("An app backend verifies an access token from /.well-known/jwks.json alone, and nothing forged")
    func backendVerifies() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let jwks = try await client.get("/.well-known/jwks.json")
            #expect(jwks.status == 200)
            #expect(jwks.headers[.cacheControl] == "public, max-age=300")
            let keys = try #require(jwks.json["keys"] as? [[String: Any]])
            #expect(keys.count == 1)
            #expect(keys.first?["kty"] as? String == "EC" && keys.first?["alg"] as? String == "ES256")
            #expect(keys.first?["d"] == nil, "never the private key")

            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let backend = try await JWTKeyCollection().add(jwksJSON: jwks.text)
            let claims = try await backend.verify(session.accessToken, as: AppBackendClaims.self)
            #expect(claims.sub.value == session.userID.lowercased())
            #expect(claims.exp.value > server.clock.now)

            let forger = JWTKeyCollection()
            await forger.add(
                ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: keys.first?["kid"] as? String ?? ""))
            let forged = try await forger.sign(
                AppBackendClaims(
                    sub: SubjectClaim(value: session.userID),
                    exp: ExpirationClaim(value: Date().addingTimeInterval(600)),
                    iss: IssuerClaim(value: "doorstep"), aud: AudienceClaim(value: "doorstep-app")),
                kid: JWKIdentifier(string: keys.first?["kid"] as? String ?? ""))
            await #expect(throws: (any Error).self) { try await backend.verify(forged, as: AppBackendClaims.self) }
        }
    }
}

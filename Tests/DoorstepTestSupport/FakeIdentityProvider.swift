import Crypto
import DoorstepServerCore
import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
import Synchronization

/// The claims a fake provider puts in its identity tokens.
public struct TestIdentityClaims: JWTPayload {
    public var iss: String
    public var aud: String
    public var exp: Double
    public var sub: String
    public var email: String?
    public var emailVerified: String?
    public var nonce: String?

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, sub, email, nonce
        case emailVerified = "email_verified"
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// Claims Apple would send for `bundleID`, valid for an hour from `now`.
    public static func apple(
        sub: String, email: String? = nil, verified: Bool = true, audience: String = "com.example.app", now: Date,
        nonce: String? = nil
    ) -> TestIdentityClaims {
        TestIdentityClaims(
            iss: "https://appleid.apple.com", aud: audience, exp: now.timeIntervalSince1970 + 3_600,
            sub: sub, email: email, emailVerified: verified ? "true" : "false", nonce: nonce)
    }
}

extension TestIdentityClaims {
    /// Claims Google would send for `audience` (a client id), valid for an hour from `now`.
    public static func google(
        sub: String, email: String? = nil, verified: Bool = true, audience: String, now: Date, nonce: String? = nil
    ) -> TestIdentityClaims {
        TestIdentityClaims(
            iss: "https://accounts.google.com", aud: audience, exp: now.timeIntervalSince1970 + 3_600,
            sub: sub, email: email, emailVerified: verified ? "true" : "false", nonce: nonce)
    }
}

/// A sign-in provider on loopback: publishes a key set, signs identity tokens, and plays Apple's token
/// and revocation endpoints. Tests never reach the internet.
public final class FakeIdentityProvider: Sendable {
    private let keys = Mutex<[(id: String, key: ES256PrivateKey)]>([])
    private let revokedTokens = Mutex<[String]>([])
    private let keyFetches = Mutex(0)
    private let issuedCodes = Mutex<[String: (idToken: String, codeChallenge: String?)]>([:])

    /// Creates a provider with one signing key.
    public init() throws {
        _ = try rotateKey()
    }

    /// Adds a new signing key, as providers do from time to time; returns its id.
    @discardableResult
    public func rotateKey() throws -> String {
        let key = try ES256PrivateKey(backing: P256.Signing.PrivateKey())
        let id = "key-\(UUID().uuidString.prefix(8))"
        keys.withLock { $0.append((id, key)) }
        return id
    }

    /// How many times the key set was fetched.
    public var keySetFetches: Int { keyFetches.withLock { $0 } }

    /// Refresh tokens the revocation endpoint received.
    public var revoked: [String] { revokedTokens.withLock { $0 } }

    /// A token signed with the newest key (or a key of the caller's own, to forge one).
    public func token(_ claims: TestIdentityClaims, signedWith forged: ES256PrivateKey? = nil, keyID: String? = nil)
        async throws -> String
    {
        let newest = keys.withLock { $0.last! }
        let collection = JWTKeyCollection()
        let id = keyID ?? newest.id
        await collection.add(ecdsa: forged ?? newest.key, kid: JWKIdentifier(string: id))
        return try await collection.sign(claims, kid: JWKIdentifier(string: id))
    }

    /// What an app sends to sign in: a token for `claims` carrying a fresh nonce, and the raw nonce
    /// (Apple's tokens carry its SHA-256, Google's the nonce itself).
    public func signIn(_ claims: TestIdentityClaims) async throws -> [String: String] {
        let raw = UUID().uuidString
        var claims = claims
        claims.nonce =
            claims.iss == "https://appleid.apple.com"
            ? SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined() : raw
        let token = try await token(claims)
        let field = claims.iss == "https://appleid.apple.com" ? "identityToken" : "idToken"
        return [field: token, "rawNonce": raw]
    }

    /// A one-time authorization code that the token endpoint (`/oauth/token`) trades for `idToken`.
    /// With a PKCE challenge, the token endpoint trades the code only with the verifier whose S256
    /// digest it is.
    public func code(for idToken: String, codeChallenge: String? = nil) -> String {
        let code = "code-\(UUID().uuidString)"
        issuedCodes.withLock { $0[code] = (idToken, codeChallenge) }
        return code
    }

    /// Runs `body` while the provider serves on loopback; passes its base URL.
    public func serve<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        let router = Router()
        router.get("/keys") { _, _ -> Response in
            self.keyFetches.withLock { $0 += 1 }
            let jwks = self.keys.withLock { keys in
                keys.map { id, key -> [String: String] in
                    let parameters = key.publicKey.parameters!
                    return [
                        "kty": "EC", "crv": "P-256", "x": parameters.x, "y": parameters.y, "kid": id, "alg": "ES256",
                        "use": "sig",
                    ]
                }
            }
            let data = try JSONSerialization.data(withJSONObject: ["keys": jwks])
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.post("/auth/token") { _, _ -> Response in
            let data = Data(#"{"refresh_token": "apple-refresh-token", "token_type": "bearer"}"#.utf8)
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.post("/oauth/token") { request, _ -> Response in
            var request = request
            let form = String(buffer: try await request.collectBody(upTo: 65_536))
            let fields = Dictionary(
                form.split(separator: "&").map { pair -> (String, String) in
                    let parts = pair.split(separator: "=", maxSplits: 1).map {
                        String($0).removingPercentEncoding ?? ""
                    }
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                }, uniquingKeysWith: { first, _ in first })
            let issued = fields["code"].flatMap { code in self.issuedCodes.withLock { $0.removeValue(forKey: code) } }
            guard let issued else { return Response(status: .badRequest) }
            if let challenge = issued.codeChallenge {
                guard let verifier = fields["code_verifier"], WebSignIn.codeChallenge(for: verifier) == challenge else {
                    return Response(status: .badRequest)
                }
            }
            let token = issued.idToken
            let data = try JSONSerialization.data(withJSONObject: ["id_token": token, "token_type": "Bearer"])
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.post("/auth/revoke") { request, _ -> HTTPResponse.Status in
            var request = request
            let form = String(buffer: try await request.collectBody(upTo: 65_536))
            let token = form.split(separator: "&").first { $0.hasPrefix("token=") }.map { String($0.dropFirst(6)) }
            if let token { self.revokedTokens.withLock { $0.append(token.removingPercentEncoding ?? token) } }
            return .ok
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        // Server processes fetch these keys within a timeout: answered from threads of their own.
        return try await withTaskExecutorPreference(DedicatedExecutor.shared) {
            try await application.test(.live) { client in
                try await body(URL(string: "http://127.0.0.1:\(client.port!)")!)
            }
        }
    }
}

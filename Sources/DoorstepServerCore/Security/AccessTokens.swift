import Foundation
import JWTKit
import Synchronization

/// The claims of an access token: who (`sub`), which session (`sid`), when, by whom, for whom, and
/// what the account may use (`entitlements`, absent when nothing).
struct AccessTokenClaims: JWTPayload {
    var sub: SubjectClaim
    var sid: String
    var iat: IssuedAtClaim
    var exp: ExpirationClaim
    var iss: IssuerClaim
    var aud: AudienceClaim
    /// The App Store product ids of the entitlements active when the token was minted; nil (and left
    /// out of the token) when there are none.
    var entitlements: [String]?

    /// Time and audience are checked by ``AccessTokens`` against its clock, not here.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Who an access token says is calling.
public struct Caller: Sendable, Hashable {
    public var userID: UUID
    public var sessionID: UUID

    /// Names the caller of a session.
    public init(userID: UUID, sessionID: UUID) {
        self.userID = userID
        self.sessionID = sessionID
    }
}

/// Issues and checks ES256 access tokens.
public struct AccessTokens: Sendable {
    let ring: SigningKeyRing
    let issuer: String
    let audience: String
    let rotation: KeyRotationPolicy
    /// How long an access token lives.
    public var lifetime: TimeInterval { rotation.tokenLifetime }
    /// Tokens whose signature and claims were already checked: an ES256 verification costs far more
    /// than the rest of a request, and an app sends the same token for minutes.
    let verified = VerifiedTokens(capacity: 10_000)

    /// Creates the token service for the server's signing keys.
    public init(
        keys serverKeys: ServerKeys, issuer: String, audience: String, rotation: KeyRotationPolicy = KeyRotationPolicy()
    ) async {
        self.ring = SigningKeyRing()
        self.issuer = issuer
        self.audience = audience
        self.rotation = rotation
        await install(serverKeys.signingKeys)
    }

    /// Signs and verifies with `keys` from now on: called when another instance or `doorstep keys`
    /// added or retired one.
    public func install(_ keys: [SigningKey]) async {
        guard !keys.isEmpty else { return }
        let collection = JWTKeyCollection()
        for key in keys { await collection.add(ecdsa: key.privateKey, kid: JWKIdentifier(string: key.id)) }
        ring.replace(keys: keys, collection: collection)
    }

    /// The public half of a signing key, as a JSON Web Key.
    public struct PublicKey: Sendable, Hashable {
        public var keyID: String
        /// The curve point's coordinates, base64url.
        public var x: String
        public var y: String
    }

    /// The public keys tokens are signed or still verified with, for `/.well-known/jwks.json`.
    public var publicKeys: [PublicKey] { ring.current.keys.compactMap(\.publicKey) }

    /// A signed token for a session.
    /// - Parameter entitlements: the product ids the account may use now, carried so an app's backend
    ///   need not ask; none leaves the claim out.
    public func issue(userID: UUID, sessionID: UUID, entitlements: [String] = [], now: Date) async throws -> String {
        let (keys, collection) = ring.current
        let key = rotation.signingKey(of: keys, at: now)
        let claims = AccessTokenClaims(
            sub: SubjectClaim(value: userID.lowercasedText), sid: sessionID.lowercasedText,
            iat: IssuedAtClaim(value: now), exp: ExpirationClaim(value: now.addingTimeInterval(lifetime)),
            iss: IssuerClaim(value: issuer), aud: AudienceClaim(value: audience),
            entitlements: entitlements.isEmpty ? nil : entitlements)
        return try await collection.sign(claims, kid: JWKIdentifier(string: key.id))
    }

    /// The caller a token names, or the error to answer with: a forged, malformed or foreign token is
    /// `unauthenticated`, an expired one `token_expired`.
    public func verify(_ token: String, now: Date) async throws(ServiceError) -> Caller {
        guard token.utf8.count <= 4_096 else { throw .unauthenticated }
        if let known = verified.lookUp(token) {
            guard known.expiresAt > now else { throw .tokenExpired }
            return known.caller
        }
        let claims: AccessTokenClaims
        do {
            claims = try await ring.current.collection.verify(token, as: AccessTokenClaims.self)
        } catch {
            throw .unauthenticated
        }
        guard claims.iss.value == issuer, claims.aud.value.contains(audience),
            let userID = UUID(text: claims.sub.value), let sessionID = UUID(text: claims.sid)
        else { throw .unauthenticated }
        guard claims.exp.value > now else { throw .tokenExpired }
        let caller = Caller(userID: userID, sessionID: sessionID)
        verified.remember(token, caller: caller, expiresAt: claims.exp.value)
        return caller
    }
}

/// A bounded memory of verified tokens: who each names and when it expires. Whether the session is
/// still live is never remembered; every request still asks storage.
final class VerifiedTokens: Sendable {
    private let entries = Mutex<[String: (caller: Caller, expiresAt: Date)]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func lookUp(_ token: String) -> (caller: Caller, expiresAt: Date)? {
        entries.withLock { $0[token] }
    }

    func remember(_ token: String, caller: Caller, expiresAt: Date) {
        entries.withLock { entries in
            // Full: start afresh rather than track ages; the cost is one verification per live token.
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = (caller, expiresAt)
        }
    }
}

/// The signing keys in force and the collection that signs and verifies with them, swapped whole.
final class SigningKeyRing: Sendable {
    private let state = Mutex<(keys: [SigningKey], collection: JWTKeyCollection)>(([], JWTKeyCollection()))

    var current: (keys: [SigningKey], collection: JWTKeyCollection) { state.withLock { $0 } }

    func replace(keys: [SigningKey], collection: JWTKeyCollection) {
        state.withLock { $0 = (keys, collection) }
    }
}

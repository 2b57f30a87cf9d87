import Foundation
import JWTKit

/// The claims of an Apple or Google identity token that the server reads.
struct IdentityClaims: JWTPayload {
    var iss: IssuerClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var sub: SubjectClaim
    var email: String?
    var emailVerified: Bool?
    var nonce: String?

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, sub, email, nonce
        case emailVerified = "email_verified"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(IssuerClaim.self, forKey: .iss)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = try container.decode(ExpirationClaim.self, forKey: .exp)
        sub = try container.decode(SubjectClaim.self, forKey: .sub)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        // Apple sends "true" as a string, Google as a Boolean.
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)) == "true"
        }
    }

    /// Time, issuer, audience and nonce are checked by ``IdentityTokenVerifier``.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Checks identity tokens of one provider: the signature against the provider's published keys
/// (cached, and fetched again when a token names a key not seen yet), the issuer, the audience, the
/// expiry and the nonce, which may be used once.
public actor IdentityTokenVerifier {
    let provider: IdentityProviderConfiguration
    let fetcher: any HTTPFetcher
    let clock: any WallClock
    private var keys: JWTKeyCollection?
    private var knownKeyIDs: Set<String> = []
    private var lastFetch: Date?
    private var usedNonces: [String: Date] = [:]
    /// The shortest wait between two fetches of the keys, so unknown key ids cannot flood the provider.
    let refetchInterval: TimeInterval = 10

    /// Creates a verifier.
    public init(provider: IdentityProviderConfiguration, fetcher: any HTTPFetcher, clock: any WallClock) {
        self.provider = provider
        self.fetcher = fetcher
        self.clock = clock
    }

    static let invalid = ServiceError(
        status: 422, code: "invalid_identity_token", detail: "The sign-in could not be verified. Please try again.")

    /// The identity a token proves, or 422 `invalid_identity_token`.
    public func verify(_ token: String, rawNonce: String?) async throws(ServiceError) -> VerifiedIdentity {
        guard token.utf8.count <= 8_192, let keyID = Self.keyID(of: token) else { throw Self.invalid }
        let claims: IdentityClaims
        do {
            let keys = try await keys(containing: keyID)
            claims = try await keys.verify(token, as: IdentityClaims.self)
        } catch {
            throw Self.invalid
        }
        let now = clock.now
        guard provider.issuers.contains(claims.iss.value), !provider.audiences.isDisjoint(with: claims.aud.value),
            claims.exp.value > now, claims.exp.value.timeIntervalSince(now) <= Self.longestTokenLifetime
        else { throw Self.invalid }
        let nonce = try checkNonce(claims, rawNonce: rawNonce, now: now)
        var identity = VerifiedIdentity(
            provider: provider.name, subject: claims.sub.value,
            email: claims.email.map { $0.lowercased() }, emailVerified: claims.emailVerified ?? false)
        identity.nonce = nonce
        return identity
    }

    /// The longest an identity token may still be valid for: Apple's live ten minutes and Google's an
    /// hour, and the record of a used nonce outlives this by far, so no token outlives its record.
    static let longestTokenLifetime: TimeInterval = 24 * 60 * 60

    /// Checks that the token carries the nonce the app or the web funnel made for this sign-in, and that
    /// this instance has not seen it used; returns the token's nonce. A token without a nonce is refused:
    /// without one a token copied from elsewhere could sign in.
    private func checkNonce(_ claims: IdentityClaims, rawNonce: String?, now: Date) throws(ServiceError) -> String {
        usedNonces = usedNonces.filter { $0.value > now }
        guard let expected = claims.nonce, let raw = rawNonce, raw.utf8.count <= 512 else { throw Self.invalid }
        let presented = provider.hashesNonce ? Digests.sha256Hex(raw) : raw
        guard Digests.constantTimeEquals(presented, expected), usedNonces[expected] == nil else {
            throw Self.invalid
        }
        usedNonces[expected] = claims.exp.value
        return expected
    }

    private func keys(containing keyID: String) async throws -> JWTKeyCollection {
        if let keys, knownKeyIDs.contains(keyID) { return keys }
        let now = clock.now
        if let lastFetch, now.timeIntervalSince(lastFetch) < refetchInterval, let keys { return keys }
        let data = try await fetcher.get(provider.jwksURL)
        let collection = try await JWTKeyCollection().add(jwksJSON: String(decoding: data, as: UTF8.self))
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let ids = (document?["keys"] as? [[String: Any]] ?? []).compactMap { $0["kid"] as? String }
        keys = collection
        knownKeyIDs = Set(ids)
        lastFetch = now
        return collection
    }

    /// The `kid` of a token's header.
    static func keyID(of token: String) -> String? {
        JWSHeader.fields(of: token)?["kid"] as? String
    }
}

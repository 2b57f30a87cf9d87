import Foundation
import JWTKit

/// Talks to Apple's token endpoints: exchanges an authorization code for a refresh token at sign-in,
/// and revokes it when the account is deleted, as the App Store requires.
public struct AppleTokenClient: Sendable {
    /// What Apple needs to know who is asking.
    public struct Configuration: Sendable {
        public var clientID: String
        public var teamID: String
        public var keyID: String
        public var privateKey: ES256PrivateKey
        public var tokenURL: URL
        public var revokeURL: URL

        /// Creates a configuration; the URLs default to Apple's.
        public init(
            clientID: String, teamID: String, keyID: String, privateKey: ES256PrivateKey,
            tokenURL: URL = URL(string: "https://appleid.apple.com/auth/token")!,
            revokeURL: URL = URL(string: "https://appleid.apple.com/auth/revoke")!
        ) {
            self.clientID = clientID
            self.teamID = teamID
            self.keyID = keyID
            self.privateKey = privateKey
            self.tokenURL = tokenURL
            self.revokeURL = revokeURL
        }
    }

    let configuration: Configuration
    let fetcher: any HTTPFetcher
    let clock: any WallClock

    /// Creates the client.
    public init(configuration: Configuration, fetcher: any HTTPFetcher, clock: any WallClock) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.clock = clock
    }

    struct ClientSecretClaims: JWTPayload {
        var iss: IssuerClaim
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        var aud: AudienceClaim
        var sub: SubjectClaim
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// The short-lived JWT Apple accepts as the client secret.
    func clientSecret() async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: configuration.privateKey, kid: JWKIdentifier(string: configuration.keyID))
        let now = clock.now
        let claims = ClientSecretClaims(
            iss: IssuerClaim(value: configuration.teamID), iat: IssuedAtClaim(value: now),
            exp: ExpirationClaim(value: now.addingTimeInterval(300)),
            aud: AudienceClaim(value: "https://appleid.apple.com"),
            sub: SubjectClaim(value: configuration.clientID))
        return try await keys.sign(claims, kid: JWKIdentifier(string: configuration.keyID))
    }

    /// The refresh token an authorization code is worth, if Apple grants one.
    public func refreshToken(forCode code: String) async throws -> String? {
        let (status, body) = try await fetcher.postForm(
            configuration.tokenURL,
            [
                "client_id": configuration.clientID, "client_secret": try await clientSecret(), "code": code,
                "grant_type": "authorization_code",
            ])
        guard (200..<300).contains(status) else { return nil }
        return (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["refresh_token"] as? String
    }

    /// Revokes a refresh token; true when Apple accepted.
    @discardableResult
    public func revoke(refreshToken: String) async throws -> Bool {
        let (status, _) = try await fetcher.postForm(
            configuration.revokeURL,
            [
                "client_id": configuration.clientID, "client_secret": try await clientSecret(), "token": refreshToken,
                "token_type_hint": "refresh_token",
            ])
        return (200..<300).contains(status)
    }
}

extension AppleTokenClient {
    /// Revokes the Apple tokens among a deleted account's identities, as Apple requires; a failure
    /// does not bring the account back.
    public func revokeTokens(of identities: [IdentityRecord]) async {
        for identity in identities where identity.provider == "apple" {
            if let token = identity.providerRefreshToken { _ = try? await revoke(refreshToken: token) }
        }
    }
}

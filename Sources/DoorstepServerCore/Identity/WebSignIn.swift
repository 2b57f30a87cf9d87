import Crypto
import Foundation

/// How a browser signs in with a provider: OAuth 2's authorization-code flow with PKCE (RFC 7636,
/// S256). The provider sends the person back with a code (in the query, so the browser's SameSite
/// cookie comes along), and the server trades the code, with the verifier only it holds, for an
/// identity token it checks like an app's: a code stolen on its way back is worth nothing alone.
public struct WebSignIn: Sendable, Hashable {
    /// Where the browser is sent to sign in.
    public var authorizationURL: URL
    /// Where the server trades the code for tokens.
    public var tokenURL: URL
    /// The web client's id; identity tokens name it as their audience.
    public var clientID: String
    /// The web client's secret (for Apple, the client-secret JWT the team signs).
    public var clientSecret: String
    /// The scopes asked for.
    public var scope: String

    /// Creates a configuration.
    public init(authorizationURL: URL, tokenURL: URL, clientID: String, clientSecret: String, scope: String) {
        self.authorizationURL = authorizationURL
        self.tokenURL = tokenURL
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.scope = scope
    }

    /// Google's endpoints for a web client.
    public static func google(clientID: String, clientSecret: String) -> WebSignIn {
        WebSignIn(
            authorizationURL: URL(string: "https://accounts.google.com/o/oauth2/v2/auth")!,
            tokenURL: URL(string: "https://oauth2.googleapis.com/token")!, clientID: clientID,
            clientSecret: clientSecret, scope: "openid email profile")
    }

    /// Apple's endpoints for a Services ID. Apple sends codes in the query only when no scope is asked.
    public static func apple(clientID: String, clientSecret: String) -> WebSignIn {
        WebSignIn(
            authorizationURL: URL(string: "https://appleid.apple.com/auth/authorize")!,
            tokenURL: URL(string: "https://appleid.apple.com/auth/token")!, clientID: clientID,
            clientSecret: clientSecret, scope: "")
    }

    /// The PKCE challenge of a verifier: base64url(SHA-256(verifier)), for `code_challenge_method=S256`.
    public static func codeChallenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    /// The URL that starts a sign-in, carrying the state and nonce the callback must match and the
    /// PKCE challenge of the verifier the code will be traded with.
    public func authorizationRequest(redirectURI: String, state: String, nonce: String, codeChallenge: String) -> URL {
        var components = URLComponents(url: authorizationURL, resolvingAgainstBaseURL: false)!
        var items = [
            URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI), URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: nonce), URLQueryItem(name: "response_mode", value: "query"),
            URLQueryItem(name: "code_challenge", value: codeChallenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if !scope.isEmpty { items.append(URLQueryItem(name: "scope", value: scope)) }
        components.queryItems = (components.queryItems ?? []) + items
        return components.url!
    }

    /// Trades a code and the PKCE verifier its sign-in began with for the identity token, or throws
    /// 422 `invalid_identity_token`.
    public func identityToken(
        forCode code: String, redirectURI: String, codeVerifier: String, fetcher: any HTTPFetcher
    ) async throws -> String {
        let failure = IdentityTokenVerifier.invalid
        guard !code.isEmpty, code.utf8.count <= 2_048 else { throw failure }
        let answer = try await fetcher.postForm(
            tokenURL,
            [
                "grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI, "client_id": clientID,
                "client_secret": clientSecret, "code_verifier": codeVerifier,
            ])
        guard (200..<300).contains(answer.status),
            let object = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
            let token = object["id_token"] as? String
        else { throw failure }
        return token
    }
}

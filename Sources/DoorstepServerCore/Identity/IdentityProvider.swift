import Foundation

/// A sign-in provider whose identity tokens the server checks: Apple or Google.
public struct IdentityProviderConfiguration: Sendable, Hashable {
    /// `apple` or `google`; also the name in a user's `providers`.
    public var name: String
    /// Where the provider publishes its signing keys.
    public var jwksURL: URL
    /// Accepted `iss` values.
    public var issuers: Set<String>
    /// Accepted `aud` values: the app's bundle ids (Apple) or client ids (Google).
    public var audiences: Set<String>
    /// Whether the token's `nonce` is the SHA-256 of the raw nonce (Apple) rather than the raw nonce (Google).
    public var hashesNonce: Bool
    /// How a browser signs in, when a web client is set up; its client id is also an accepted audience.
    public var web: WebSignIn? {
        didSet { if let web { audiences.insert(web.clientID) } }
    }

    /// Creates a configuration.
    public init(name: String, jwksURL: URL, issuers: Set<String>, audiences: Set<String>, hashesNonce: Bool) {
        self.name = name
        self.jwksURL = jwksURL
        self.issuers = issuers
        self.audiences = audiences
        self.hashesNonce = hashesNonce
    }

    /// Sign in with Apple for the given bundle ids.
    public static func apple(
        audiences: Set<String>, jwksURL: URL = URL(string: "https://appleid.apple.com/auth/keys")!
    ) -> IdentityProviderConfiguration {
        IdentityProviderConfiguration(
            name: "apple", jwksURL: jwksURL, issuers: ["https://appleid.apple.com"],
            audiences: audiences, hashesNonce: true)
    }

    /// Google Sign-In for the given client ids.
    public static func google(
        audiences: Set<String>, jwksURL: URL = URL(string: "https://www.googleapis.com/oauth2/v3/certs")!
    ) -> IdentityProviderConfiguration {
        IdentityProviderConfiguration(
            name: "google", jwksURL: jwksURL,
            issuers: ["https://accounts.google.com", "accounts.google.com"],
            audiences: audiences, hashesNonce: false)
    }
}

/// Fetches documents over HTTP for the services: provider keys, Apple's token endpoints.
public protocol HTTPFetcher: Sendable {
    /// The body of a GET; throws on a status other than 2xx.
    func get(_ url: URL) async throws -> Data
    /// POSTs a body with the given headers; returns the status and body.
    func post(_ url: URL, headers: [String: String], body: Data) async throws -> (status: Int, body: Data)
}

extension HTTPFetcher {
    /// POSTs a URL-encoded form; returns the status and body.
    public func postForm(_ url: URL, _ form: [String: String]) async throws -> (status: Int, body: Data) {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        return try await post(
            url, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(body.utf8))
    }
}

/// Who a checked identity token says signed in.
public struct VerifiedIdentity: Sendable, Hashable {
    public var provider: String
    /// The provider's stable user id (`sub`).
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    /// The token's nonce as the provider signed it, which may sign someone in once: the sign-in records
    /// it, on every instance, until long after the token has expired.
    public var nonce: String = ""
}

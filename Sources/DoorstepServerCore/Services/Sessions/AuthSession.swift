import Foundation

/// What a successful sign-in returns.
public struct AuthSession: Sendable, Hashable {
    public var accessToken: String
    public var refreshToken: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    public var user: UserRecord
    public var isNewUser: Bool
    /// The session the tokens belong to.
    public var sessionID: UUID

    /// The caller this session signs in.
    public var caller: Caller { Caller(userID: user.id, sessionID: sessionID) }
}

/// A session just opened in a transaction, with what its first access token is minted from once the
/// transaction commits.
struct OpenedSession: Sendable {
    var session: SessionRecord
    var refreshToken: String
    /// The product ids of the entitlements the account may use, read as the session opened or rotated.
    var entitlements: [String]
}

/// What the server knows about a request besides its body.
public struct RequestMeta: Sendable, Hashable {
    /// The client's `User-Agent`, cut to a reasonable length.
    public var userAgent: String?
    /// The bearer token, if one was sent.
    public var bearerToken: String?
    /// The device the app says it runs on, kept with a session opened by the request.
    public var device: ClientDevice?
    /// The languages the person prefers, most wanted first (an app's device languages, a browser's
    /// `Accept-Language` or the language chosen on a page).
    public var languages: [String]

    /// Creates request metadata.
    public init(
        userAgent: String? = nil, bearerToken: String? = nil, device: ClientDevice? = nil, languages: [String] = []
    ) {
        self.userAgent = userAgent.map { String($0.prefix(256)) }
        self.bearerToken = bearerToken
        self.device = device
        self.languages = languages
    }

    /// The server's language for the person, or nil when they named none: an account made by the
    /// request keeps it, and mail to an address without an account is written in it.
    public var language: String? {
        languages.isEmpty ? nil : ServerMessages.language(for: languages)
    }
}

/// One of a user's sessions, as the sessions list shows it.
public struct SessionSummary: Sendable, Hashable {
    public var id: UUID
    public var createdAt: Date
    public var lastUsedAt: Date
    public var userAgent: String?
    /// The device's name as its app sent it, if it did.
    public var deviceName: String?
    /// The device's model as its app sent it, if it did.
    public var deviceModel: String?
    public var isCurrent: Bool

    /// What a person recognises the session by: the app's device name (and model), else the browser
    /// and system its `User-Agent` names, else nil.
    public var device: String? {
        switch (deviceName, deviceModel) {
        case (let name?, let model?): return "\(name) (\(model))"
        case (let name?, nil): return name
        case (nil, let model?): return model
        case (nil, nil): return BrowserDescription.describe(userAgent)
        }
    }
}

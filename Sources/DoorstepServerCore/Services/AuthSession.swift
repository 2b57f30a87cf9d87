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

/// What the server knows about a request besides its body.
public struct RequestMeta: Sendable, Hashable {
    /// The client's `User-Agent`, cut to a reasonable length.
    public var userAgent: String?
    /// The bearer token, if one was sent.
    public var bearerToken: String?

    /// Creates request metadata.
    public init(userAgent: String? = nil, bearerToken: String? = nil) {
        self.userAgent = userAgent.map { String($0.prefix(256)) }
        self.bearerToken = bearerToken
    }
}

/// One of a user's sessions, as the sessions list shows it.
public struct SessionSummary: Sendable, Hashable {
    public var id: UUID
    public var createdAt: Date
    public var lastUsedAt: Date
    public var userAgent: String?
    public var isCurrent: Bool
}

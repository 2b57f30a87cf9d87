import Foundation

/// An account as storage keeps it.
public struct UserRecord: Sendable, Hashable, Codable {
    public var id: UUID
    /// The email, stored normalized (see ``EmailAddress/normalized(_:)``); nil for guests.
    public var email: String?
    public var emailVerified: Bool
    public var firstName: String?
    public var lastName: String?
    /// A bcrypt hash of the SHA-256 prehash of the password; nil when no password is set.
    public var passwordHash: String?
    public var isGuest: Bool
    /// Sign-in providers linked to the account, such as `apple`.
    public var providers: [String]
    public var avatarID: String?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a user.
    public init(
        id: UUID, email: String?, emailVerified: Bool = false, firstName: String? = nil, lastName: String? = nil,
        passwordHash: String? = nil, isGuest: Bool = false, providers: [String] = [], avatarID: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.email = email
        self.emailVerified = emailVerified
        self.firstName = firstName
        self.lastName = lastName
        self.passwordHash = passwordHash
        self.isGuest = isGuest
        self.providers = providers
        self.avatarID = avatarID
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }
}

import Foundation

/// An account as storage keeps it.
public struct UserRecord: Sendable, Hashable, Codable {
    public var id: UUID
    /// The email, stored normalized (see ``EmailAddress/normalized(_:)``); nil for guests.
    public var email: String?
    public var emailVerified: Bool
    public var firstName: String?
    public var lastName: String?
    /// The name as the person typed it in one field, kept whole ("Ludwig van Beethoven"); nil when the
    /// name was given as a first and a last name.
    public var fullName: String?
    /// The language the account reads its mail and messages in (a BCP 47 tag such as `es`), taken at
    /// sign-up from the languages the app or browser asked for; nil for the server's source language.
    public var language: String?
    /// A bcrypt hash of the SHA-256 prehash of the password; nil when no password is set.
    public var passwordHash: String?
    public var isGuest: Bool
    /// Sign-in providers linked to the account, such as `apple`.
    public var providers: [String]
    public var avatarID: String?
    /// When the account was disabled: it cannot sign in (an account brought disabled from another
    /// service stays so).
    public var disabledAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a user.
    public init(
        id: UUID, email: String?, emailVerified: Bool = false, firstName: String? = nil, lastName: String? = nil,
        fullName: String? = nil, language: String? = nil, passwordHash: String? = nil, isGuest: Bool = false,
        providers: [String] = [], avatarID: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.email = email
        self.emailVerified = emailVerified
        self.firstName = firstName
        self.lastName = lastName
        self.fullName = fullName
        self.language = language
        self.passwordHash = passwordHash
        self.isGuest = isGuest
        self.providers = providers
        self.avatarID = avatarID
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    /// The name to show: the full name as typed, else the first and last name joined; nil when none.
    public var displayName: String? {
        if let fullName { return fullName }
        let parts = [firstName, lastName].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

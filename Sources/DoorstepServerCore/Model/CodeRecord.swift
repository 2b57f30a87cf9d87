import Foundation

/// Why a one-time code was sent.
public struct CodePurpose: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let signup: CodePurpose = "signup"
    public static let login: CodePurpose = "login"
    public static let verifyEmail: CodePurpose = "verifyEmail"
    public static let passwordReset: CodePurpose = "passwordReset"
    /// Confirms a new address for an account that changes its email.
    public static let emailChange: CodePurpose = "emailChange"

    /// The purposes a client may ask a code for directly.
    public static let requestable: Set<CodePurpose> = [.signup, .login, .verifyEmail]
    /// The purposes whose code a client may exchange for a session: those it may ask for, and the
    /// reset code `POST /v1/auth/password/forgot` mails, which signs in so that the new password can be
    /// chosen on a screen of its own.
    public static let verifiable: Set<CodePurpose> = requestable.union([.passwordReset])
}

/// The newest code sent to an address for a purpose, kept only as a keyed hash.
public struct CodeRecord: Sendable, Hashable, Codable {
    public var email: String
    public var purpose: CodePurpose
    /// HMAC-SHA256 of address, purpose and code under the server's code key, hex.
    public var codeHash: String
    public var createdAt: Date
    public var expiresAt: Date
    /// Wrong tries so far.
    public var attempts: Int

    /// Creates a code record.
    public init(email: String, purpose: CodePurpose, codeHash: String, createdAt: Date, expiresAt: Date) {
        self.email = email
        self.purpose = purpose
        self.codeHash = codeHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.attempts = 0
    }
}

/// A code mailed to an address: when, and at whose asking (a keyed hash of the client with the
/// address, never the client's address; nil for a caller with no client, such as a command).
public struct CodeSend: Sendable, Hashable {
    public var at: Date
    public var client: String?

    /// Creates a record of a mailed code.
    public init(at: Date, client: String?) {
        self.at = at
        self.client = client
    }
}

import Foundation

/// An account's authenticator app: its TOTP secret, sealed, and the last step a code was accepted for.
public struct SecondFactorRecord: Sendable, Hashable {
    public var userID: UUID
    /// The TOTP secret sealed with AES-GCM under a key derived from the server's keys, base64.
    public var sealedSecret: String
    /// When the first code confirmed enrolment; nil while the person is still enrolling.
    public var confirmedAt: Date?
    /// The newest step a code was accepted for: a code of that step or an earlier one is refused.
    public var lastStep: Int64
    public var createdAt: Date

    /// Creates a record.
    public init(userID: UUID, sealedSecret: String, confirmedAt: Date? = nil, lastStep: Int64 = 0, createdAt: Date) {
        self.userID = userID
        self.sealedSecret = sealedSecret
        self.confirmedAt = confirmedAt
        self.lastStep = lastStep
        self.createdAt = createdAt
    }
}

/// A sign-in waiting for its second factor: the first factor passed, no session exists yet.
public struct SecondFactorChallengeRecord: Sendable, Hashable {
    /// SHA-256 of the challenge the client holds.
    public var hash: String
    public var userID: UUID
    /// How the first factor was given (`password`, `code`, `apple`, `google`, `password_reset`).
    public var method: String
    public var expiresAt: Date
    /// Wrong codes tried against this challenge.
    public var attempts: Int
    /// The hash of the password a reset sets once the second factor is proven; nil for other sign-ins.
    public var pendingPasswordHash: String?

    /// Creates a challenge.
    public init(
        hash: String, userID: UUID, method: String, expiresAt: Date, attempts: Int = 0,
        pendingPasswordHash: String? = nil
    ) {
        self.hash = hash
        self.userID = userID
        self.method = method
        self.expiresAt = expiresAt
        self.attempts = attempts
        self.pendingPasswordHash = pendingPasswordHash
    }
}

import Foundation

/// What a mark in the security ledger counts.
public enum LedgerKind: String, Sendable, CaseIterable {
    /// A wrong one-time code entered for an address (any code, any purpose); the subject is the address.
    case failedCode
    /// Addresses an account mailed invitations to; the subject is the account's id, the weight the count.
    case invitationsMailed
    /// An identity token's nonce that signed someone in; the subject is the provider and the nonce's hash.
    case identityNonce
    /// A mail handed to the mail server, for the hourly budget of every instance together.
    case outboundMail
    /// A wrong code from an authenticator app, or a wrong recovery code; the subject is the account's id.
    case failedSecondFactor
    /// A group's invite code mailed to an address; the subject is a hash of the group, its code and the
    /// address, so the ledger keeps no stranger's address.
    case addressInvited
    /// A wrong code entered for an address from one client; the subject is a keyed hash of both.
    case failedCodeFromClient
    /// A wrong password for an address from one client; the subject is a keyed hash of both.
    case failedPasswordFromClient
    /// A session opened with a password-reset code: it may choose a new password without the old one
    /// while its sign-in is recent. The subject is the session's id.
    case passwordResetProven
    /// A session's reset right used: the password it chose without the old one. The subject is the
    /// session's id; one use per proof.
    case passwordResetUsed
    /// An App Store Server Notification applied; the subject is its `notificationUUID`, so a
    /// notification Apple sends again is applied once.
    case appStoreNotification
    /// A proof-of-work puzzle a browser solved, spent by the action it let through; the subject is
    /// the puzzle's id, so a solution is taken once.
    case puzzleSolved
}

/// One dated mark in the security ledger.
public struct LedgerMark: Sendable, Hashable {
    /// When it was made.
    public var at: Date
    /// How much it counts (1 for most marks; the number of addresses for invitations).
    public var weight: Int

    /// Creates a mark.
    public init(at: Date, weight: Int) {
        self.at = at
        self.weight = weight
    }
}

extension Array where Element == LedgerMark {
    /// The marks' weights added up.
    public var totalWeight: Int { reduce(0) { $0 + $1.weight } }

    /// How long until the marks of a sliding `window` add up to less than `limit`, counted from `now`:
    /// zero when they already do.
    public func wait(untilBelow limit: Int, window: TimeInterval, now: Date) -> TimeInterval {
        var total = totalWeight
        for mark in sorted(by: { $0.at < $1.at }) {
            guard total >= limit else { break }
            total -= mark.weight
            if total < limit { return Swift.max(0, mark.at.addingTimeInterval(window).timeIntervalSince(now)) }
        }
        return 0
    }
}

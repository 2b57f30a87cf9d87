import Foundation

/// What a rehearsal database holds: how many accounts and walk events, over how many days, and the
/// shares of the ways in a busy deployment's accounts have.
public struct RehearsalPlan: Sendable, Hashable {
    /// Accounts to write.
    public var accounts: Int
    /// Walk events to write, spread over `days` across the catalog's flows.
    public var events: Int
    /// How many days back the events and sign-ups reach.
    public var days: Int = 30
    /// Makes the same database again: every id, address and time follows from it.
    public var seed: UInt64 = 1
    /// Rows written per transaction.
    public var batchSize = 2_000

    /// Of the accounts: with a password (the rest sign in with codes, Apple or Google).
    public var passwordShare = 0.55
    /// Of the accounts: linked to Apple.
    public var appleShare = 0.25
    /// Of the accounts: linked to Google.
    public var googleShare = 0.10
    /// Of the accounts: with a passkey.
    public var passkeyShare = 0.15
    /// Of the accounts: with a live session (a signed-in install).
    public var sessionShare = 0.60

    /// Creates a plan.
    public init(accounts: Int, events: Int, days: Int = 30, seed: UInt64 = 1) {
        self.accounts = accounts
        self.events = events
        self.days = days
        self.seed = seed
    }
}

/// What a rehearsal wrote, and how long it took.
public struct RehearsalReport: Sendable, Hashable {
    public var accounts = 0
    public var passwords = 0
    public var identities = 0
    public var passkeys = 0
    public var sessions = 0
    public var events = 0
    /// Seconds spent writing accounts, and then events.
    public var accountSeconds = 0.0
    public var eventSeconds = 0.0
}

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

/// SplitMix64: a small, fast generator whose whole sequence follows from its seed, so a rehearsal is
/// the same each time it is made.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func uuid() -> UUID {
        let high = next()
        let low = next()
        var bytes = withUnsafeBytes(of: high.bigEndian, Array.init) + withUnsafeBytes(of: low.bigEndian, Array.init)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    mutating func chance(_ share: Double) -> Bool { Double.random(in: 0..<1, using: &self) < share }
}

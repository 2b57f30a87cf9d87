import Foundation

/// The numbers behind the security defaults. Defaults are the architecture's; configurable, never
/// weaker by default.
public struct AuthPolicy: Sendable {
    public var codeLength = 6
    public var codeLifetime: TimeInterval = 10 * 60
    public var resendAfter: TimeInterval = 60
    /// Codes one client may have mailed to an address in an hour (any caller, when the client is not
    /// known), so a stranger who asks for an address's codes spends only their own share of them.
    public var maxCodeSendsPerHour = 5
    /// Codes an address may be mailed in an hour at the asking of every client together.
    public var maxCodeSendsPerAddressPerHour = 20
    public var maxCodeAttempts = 5
    /// Wrong codes an address may enter in ``failedCodeWindow``, across every code and purpose, before
    /// even the right code is refused (NIST SP 800-63B §5.2.2 asks for at most 100 in all).
    public var maxFailedCodes = 10
    public var failedCodeWindow: TimeInterval = 24 * 60 * 60
    /// Wrong codes an address may take from every client together in ``failedCodeWindow``: past
    /// ``maxFailedCodes`` only codes mailed since still work, past this nothing does.
    public var maxFailedCodesPerAddress = 100
    /// Wrong passwords one client may send for an address in ``loginFailureWindow`` (any caller, when
    /// the client is not known).
    public var maxLoginFailures = 5
    /// Wrong passwords for an address from every client together before it is locked for all of them;
    /// a mailed code signs in all the while.
    public var maxLoginFailuresPerAddress = 50
    public var loginFailureWindow: TimeInterval = 15 * 60
    /// How long a session lasts unused: every refresh extends it by this much.
    public var idleSessionLifetime: TimeInterval = 30 * 24 * 60 * 60
    /// How long a session lasts however often it is used; then the person signs in again.
    public var absoluteSessionLifetime: TimeInterval = 90 * 24 * 60 * 60
    /// How recent a sign-in (or re-authentication) must be for deleting the account, adding a passkey or
    /// setting a password.
    public var recentSignInWindow: TimeInterval = 10 * 60
    public var refreshReuseGrace: TimeInterval = 10
    /// Whether `identify` says if an email has an account (identifier-first sign-in).
    public var identifyEnabled = true
    /// How often a session's "last used" time is written at most.
    public var lastUsedResolution: TimeInterval = 60

    /// The defaults.
    public init() {}
}

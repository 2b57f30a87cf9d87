import Foundation

/// The numbers behind the security defaults. Defaults are the architecture's; configurable, never
/// weaker by default.
public struct AuthPolicy: Sendable {
    public var codeLength = 6
    public var codeLifetime: TimeInterval = 10 * 60
    public var resendAfter: TimeInterval = 60
    public var maxCodeSendsPerHour = 5
    public var maxCodeAttempts = 5
    public var maxLoginFailures = 5
    public var loginFailureWindow: TimeInterval = 15 * 60
    public var refreshLifetime: TimeInterval = 30 * 24 * 60 * 60
    public var refreshReuseGrace: TimeInterval = 10
    /// Whether `identify` says if an email has an account (identifier-first sign-in).
    public var identifyEnabled = true
    /// How often a session's "last used" time is written at most.
    public var lastUsedResolution: TimeInterval = 60

    /// The defaults.
    public init() {}
}

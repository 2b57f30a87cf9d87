import Foundation
import Logging

/// The audit trail: one `notice` line per security event, with the account, the session and the
/// request it happened in, and never a secret (no address, password, code or token); with a trail,
/// the same event is also appended to the audit log in the database, with the client's network.
public struct SecurityAudit: Sendable {
    /// What happened.
    public enum Event: String, Sendable {
        /// A password log-in was refused.
        case logInFailed = "login_failed"
        /// A log-in was refused because the address had too many failures.
        case lockedOut = "locked_out"
        /// An address spent its budget of wrong codes; even the right code is refused for a while.
        case codeBudgetSpent = "code_budget_spent"
        /// A password was set where there was none, or changed, or replaced by a reset.
        case passwordSet = "password_set"
        case passwordChanged = "password_changed"
        case passwordReset = "password_reset"
        case passkeyAdded = "passkey_added"
        case passkeyRemoved = "passkey_removed"
        case identityLinked = "identity_linked"
        /// Proving an address ended every credential set before it was proven.
        case unprovenCredentialsRemoved = "unproven_credentials_removed"
        case sessionRevoked = "session_revoked"
        case refreshTokenReused = "refresh_token_reused"
        /// The person proved who they are again, for a change that needs a recent sign-in.
        case reauthenticated
        /// A change that needs a recent sign-in was refused for want of one.
        case reauthenticationRequired = "reauthentication_required"
        /// An identity token came back with a nonce that was already used.
        case identityTokenReplayed = "identity_token_replayed"
        case accountDeleted = "account_deleted"
        case emailChanged = "email_changed"
        case otherSessionsRevoked = "other_sessions_revoked"
        case secondFactorEnabled = "mfa_enabled"
        case secondFactorDisabled = "mfa_disabled"
        /// A sign-in waits for its second factor.
        case secondFactorRequired = "mfa_required"
        case recoveryCodeUsed = "recovery_code_used"
        /// A session was opened by a sign-in (the reason names the method).
        case signedIn = "signed_in"
        /// An App Store purchase gave the account an entitlement (the reason names the product).
        case entitlementGranted = "entitlement_granted"
        /// The App Store took a purchase back (the reason names the product).
        case entitlementRevoked = "entitlement_revoked"
        /// A purchase moved from one account to another under the `transfer` restore policy (the reason
        /// names the product and both accounts).
        case entitlementTransferred = "entitlement_transferred"
        /// App Attest vouched for an install's key (the reason names the app and environment).
        case deviceAttested = "device_attested"
        /// A protected action was refused for want of a valid proof (the reason names the action).
        case attestationRefused = "attestation_refused"
        /// Under `monitor`, a protected action went on that `enforce` would have refused.
        case attestationWouldRefuse = "attestation_would_refuse"
    }

    let logger: Logger
    let trail: AuditTrail?

    /// Writes events to `logger`, and to `trail` when given.
    public init(logger: Logger, trail: AuditTrail? = nil) {
        self.logger = logger
        self.trail = trail
    }

    /// Writes one line for `event`, and appends it to the audit log.
    /// - Parameter actor: who acted: `user` (the person, or whoever tried to be them) or `operator`.
    public func record(
        _ event: Event, user: UUID? = nil, session: UUID? = nil, reason: String? = nil, actor: String = "user"
    ) {
        trail?.append(event.rawValue, account: user, actor: actor, session: session, detail: reason)
        var metadata: Logger.Metadata = ["event": "\(event.rawValue)"]
        if let user { metadata["user_id"] = "\(user.lowercasedText)" }
        if let session { metadata["session_id"] = "\(session.lowercasedText)" }
        if let request = RequestTrace.current?.id { metadata["request_id"] = "\(request)" }
        if let reason { metadata["reason"] = "\(reason)" }
        logger.notice("security event", metadata: metadata)
    }
}

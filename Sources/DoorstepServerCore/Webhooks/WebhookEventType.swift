/// A kind of event an app's backend can hear of. Open, as every name on the wire is: a receiver
/// built for a newer server still reads an older one's events.
public struct WebhookEventType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public var rawValue: String

    /// Names a kind of event.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// An account was made: signed up by code or password, as a guest, or by Apple or Google.
    public static let userCreated = Self(rawValue: "user.created")
    /// An account's profile or email changed, or a guest became a full account.
    public static let userUpdated = Self(rawValue: "user.updated")
    /// An account and its data were erased, by the person or an operator.
    public static let userDeleted = Self(rawValue: "user.deleted")
    /// An account's email address was proven (a code, a reset, or a provider that vouches for it).
    public static let emailVerified = Self(rawValue: "email.verified")
    /// A device signed in.
    public static let sessionCreated = Self(rawValue: "session.created")
    /// A session ended before its time: log-out, revocation, a reset or a reused refresh token.
    public static let sessionRevoked = Self(rawValue: "session.revoked")
    /// A password was set, changed or reset.
    public static let passwordChanged = Self(rawValue: "password.changed")
    /// A passkey was added to an account.
    public static let passkeyAdded = Self(rawValue: "passkey.added")
    /// A passkey was removed from an account.
    public static let passkeyRemoved = Self(rawValue: "passkey.removed")
    /// An authenticator app was confirmed: sign-ins now ask for its code.
    public static let mfaEnabled = Self(rawValue: "mfa.enabled")
    /// The authenticator app was turned off.
    public static let mfaDisabled = Self(rawValue: "mfa.disabled")
    /// A household or family was created; its creator is its owner.
    public static let groupCreated = Self(rawValue: "group.created")
    /// Someone joined a group with its invite code.
    public static let groupMemberJoined = Self(rawValue: "group.member_joined")
    /// A flow's answers were submitted at its end.
    public static let flowCompleted = Self(rawValue: "flow.completed")
    /// A walk through a flow went idle without finishing.
    public static let flowAbandoned = Self(rawValue: "flow.abandoned")

    /// An App Store purchase gave an account an entitlement it did not have.
    public static let entitlementGranted = Self(rawValue: "entitlement.granted")
    /// A subscription the account keeps moved on to a new period.
    public static let entitlementRenewed = Self(rawValue: "entitlement.renewed")
    /// The App Store took a purchase back (a refund, a revocation).
    public static let entitlementRevoked = Self(rawValue: "entitlement.revoked")

    /// Every kind this server sends, in the order the documentation lists them.
    public static let all: [WebhookEventType] = [
        .userCreated, .userUpdated, .userDeleted, .emailVerified, .sessionCreated, .sessionRevoked,
        .passwordChanged, .passkeyAdded, .passkeyRemoved, .mfaEnabled, .mfaDisabled, .groupCreated,
        .groupMemberJoined, .flowCompleted, .flowAbandoned, .entitlementGranted, .entitlementRenewed,
        .entitlementRevoked,
    ]
}

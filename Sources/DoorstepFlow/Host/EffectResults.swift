/// What `identify` learns about an email.
public struct EffectIdentity: Sendable, Hashable {
    /// Whether the email has an account.
    public var exists: Bool
    /// Whether that account has a password; an account made with a code or a provider has none, and
    /// is sent to a way in it has.
    public var hasPassword: Bool

    /// Creates an identity.
    public init(exists: Bool, hasPassword: Bool) {
        self.exists = exists
        self.hasPassword = exists && hasPassword
    }

    var results: [String: Value] {
        ["account.exists": .bool(exists), "account.hasPassword": .bool(hasPassword)]
    }
}

/// What every sign-in delivers to the flow, whichever way it was made.
public struct EffectSignIn: Sendable, Hashable {
    /// Whether the sign-in made the account.
    public var isNewUser: Bool
    /// Whether the account is a guest's.
    public var isGuest: Bool
    /// The account's email, whichever way it signed in (a provider's address too); nil for a guest.
    public var email: String?

    /// Creates a sign-in.
    public init(isNewUser: Bool, isGuest: Bool = false, email: String? = nil) {
        self.isNewUser = isNewUser
        self.isGuest = isGuest
        self.email = email
    }

    static let keys = [
        "session.active", "session.isNewUser", "session.isGuest", "session.email", "flow.completed", "flow.finished",
    ]

    /// The results, with what the account had already done in this flow: `flow.completed`, its answers
    /// submitted; `flow.finished`, its walk kept on the server to the end (the trainer's program
    /// activated, not only its intake sent).
    func results(flowCompleted: Bool, flowFinished: Bool) -> [String: Value] {
        [
            "session.active": true, "session.isNewUser": .bool(isNewUser), "session.isGuest": .bool(isGuest),
            "session.email": email.map(Value.string) ?? .null, "flow.completed": .bool(flowCompleted),
            "flow.finished": .bool(flowFinished),
        ]
    }
}

/// A group made or joined.
public struct EffectGroup: Sendable, Hashable {
    public var id: String
    public var name: String
    public var inviteCode: String

    /// Creates a group result.
    public init(id: String, name: String, inviteCode: String) {
        self.id = id
        self.name = name
        self.inviteCode = inviteCode
    }

    static let keys = ["group.id", "group.name", "group.inviteCode"]

    var results: [String: Value] {
        ["group.id": .string(id), "group.name": .string(name), "group.inviteCode": .string(inviteCode)]
    }
}

/// What an invitation by email did: how many were mailed, and why each refused address was not
/// (`own_address`, `already_member`, `already_invited`, `invalid_email`).
public struct EffectInvitations: Sendable, Hashable {
    public var sent: Int
    public var refusals: [String]

    /// Creates an invitation result.
    public init(sent: Int, refusals: [String] = []) {
        self.sent = sent
        self.refusals = refusals
    }

    /// When nobody was mailed because of who the addresses are, the failure that says so; nil otherwise
    /// (some were mailed, or none were asked for).
    var failure: EffectFailure? {
        guard sent == 0 else { return nil }
        if refusals.contains(ErrorCode.ownAddress.rawValue) {
            return EffectFailure(.ownAddress, message: "That's your own address. Invite someone else.")
        }
        if refusals.contains(ErrorCode.alreadyMember.rawValue) {
            return EffectFailure(.alreadyMember, message: "They're already in your family.")
        }
        return nil
    }
}

import Foundation

/// Every kind of credential and session an account can hold, and its ties to other accounts: the one
/// list that proving an address, deleting the account and signing out everywhere walk. A kind added here
/// is ended by all three, or the switch in ``AccountCredentials/end(_:of:except:at:in:)`` does not
/// compile.
public enum CredentialKind: String, CaseIterable, Sendable {
    /// The account's password.
    case password
    /// Registered passkeys.
    case passkeys
    /// Apple and Google accounts linked for sign-in.
    case linkedIdentities
    /// An authenticator app, in force or being enrolled.
    case secondFactor
    /// The single-use codes that stand in for the authenticator app.
    case recoveryCodes
    /// Sign-ins waiting for their second factor.
    case pendingSecondFactorSignIns
    /// Sessions: their refresh and access tokens, and every browser signed in with one (the funnel,
    /// `/account` and `/admin` hold a session, never a credential of their own).
    case sessions
    /// Households and families the account belongs to. A squatter's would go on sharing the owner's
    /// purchases with a family of the squatter's choosing, and showing the owner's name to its members.
    case groupMemberships

    /// Whether the kind is a way in that is already open rather than a way to open one: "sign out
    /// everywhere" ends these and keeps the rest.
    public var isSignIn: Bool {
        switch self {
        case .sessions, .pendingSecondFactorSignIns: true
        case .password, .passkeys, .linkedIdentities, .secondFactor, .recoveryCodes, .groupMemberships: false
        }
    }

    /// The kinds "sign out everywhere" ends.
    public static let signIns = allCases.filter(\.isSignIn)
}

/// How many of each kind an account held when its credentials were ended.
public struct EndedCredentials: Sendable, Hashable {
    /// The count per kind; a kind the account did not hold is absent.
    public var counts: [CredentialKind: Int] = [:]

    /// Whether anything was ended.
    public var isEmpty: Bool { counts.isEmpty }

    /// `password=1 passkeys=2 …` in the list's order, for the audit log.
    public var summary: String {
        CredentialKind.allCases.compactMap { kind in counts[kind].map { "\(kind.rawValue)=\($0)" } }
            .joined(separator: " ")
    }

    mutating func note(_ kind: CredentialKind, _ count: Int) {
        if count > 0 { counts[kind] = count }
    }
}

/// Ends an account's credentials by ``CredentialKind``, and its sessions one by one, announcing each
/// ended session to webhooks in the same transaction.
public struct AccountCredentials: Sendable {
    let webhooks: WebhookEvents

    /// Ends credentials announcing what ends to `webhooks`.
    public init(webhooks: WebhookEvents) {
        self.webhooks = webhooks
    }

    /// The repositories ending credentials touches.
    public typealias Store = SessionRepository & PasskeyRepository & IdentityRepository & SecondFactorRepository
        & GroupRepository & WebhookRepository

    /// Ends the `kinds` of credentials `user` holds, inside the caller's transaction; the session named
    /// by `keptSession` stays open. Returns the account without the ended password and providers (the
    /// caller saves it) and what was ended.
    func end(
        _ kinds: [CredentialKind], of user: UserRecord, except keptSession: UUID? = nil, at now: Date,
        in store: any Store
    ) async throws -> (UserRecord, EndedCredentials) {
        var user = user
        var ended = EndedCredentials()
        for kind in kinds {
            switch kind {
            case .password:
                ended.note(kind, user.passwordHash == nil ? 0 : 1)
                user.passwordHash = nil
            case .passkeys:
                let passkeys = try await store.passkeys(userID: user.id)
                for passkey in passkeys { try await store.deletePasskey(id: passkey.id) }
                ended.note(kind, passkeys.count)
            case .linkedIdentities:
                let identities = try await store.identities(userID: user.id)
                try await store.deleteIdentities(userID: user.id)
                user.providers = []
                ended.note(kind, identities.count)
            case .secondFactor:
                let factor = try await store.secondFactor(userID: user.id)
                ended.note(kind, factor == nil ? 0 : 1)
                ended.note(.recoveryCodes, try await store.unusedRecoveryCodes(userID: user.id))
                // Storage keeps recovery codes with the factor they stand in for: both go together.
                try await store.deleteSecondFactor(userID: user.id)
            case .recoveryCodes:
                ended.note(kind, try await store.unusedRecoveryCodes(userID: user.id))
                try await store.replaceRecoveryCodes(userID: user.id, hashes: [])
            case .pendingSecondFactorSignIns:
                ended.note(kind, try await store.deleteSecondFactorChallenges(userID: user.id))
            case .sessions:
                let open = try await store.sessions(userID: user.id).filter {
                    $0.revokedAt == nil && $0.id != keptSession
                }
                for session in open { try await revoke(sessionID: session.id, at: now, in: store) }
                ended.note(kind, open.count)
            case .groupMemberships:
                let groups = try await store.groups(userID: user.id)
                for group in groups { try await store.removeMember(groupID: group.id, userID: user.id) }
                ended.note(kind, groups.count)
            }
        }
        return (user, ended)
    }

    /// Ends one session: its tokens stop working, and every browser signed in with it is signed out.
    public func revoke(sessionID: UUID, at now: Date, in store: any Store) async throws {
        guard var session = try await store.session(id: sessionID), session.revokedAt == nil else { return }
        session.revokedAt = now
        try await store.updateSession(session)
        try await webhooks.enqueue(
            .sessionRevoked, ["userId": .id(session.userID), "sessionId": .id(sessionID)], in: store)
    }
}

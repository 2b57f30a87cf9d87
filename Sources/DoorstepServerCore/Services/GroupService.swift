import DoorstepFlow
import Foundation

/// A group as its members see it.
public struct GroupView: Sendable, Hashable {
    public var group: GroupRecord
    public var members: [(member: MemberRecord, user: UserRecord?)]

    public static func == (lhs: GroupView, rhs: GroupView) -> Bool {
        lhs.group == rhs.group && lhs.members.map(\.member) == rhs.members.map(\.member)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(group)
    }
}

/// Households and families: create, join by invite code, list, rotate the code, invite by email, leave.
public struct GroupService: Sendable {
    let storage: any Storage
    let outbox: MailOutbox
    let clock: any WallClock
    let random: any RandomSource
    let joinLimiter: RateLimiter
    /// Where group events go for webhooks.
    let webhooks: WebhookEvents

    /// Wrong codes a user may try per 10 minutes before joining is paused.
    public static let joinLimit = RateLimiter.Limit(requests: 10, per: 600)
    /// The kinds of group.
    public static let kinds: Set<String> = ["household", "family"]

    /// Creates the service.
    public init(
        storage: any Storage, outbox: MailOutbox, clock: any WallClock, random: any RandomSource,
        joinLimiter: RateLimiter = RateLimiter(), webhooks: WebhookEvents = .disabled
    ) {
        self.webhooks = webhooks
        self.storage = storage
        self.outbox = outbox
        self.clock = clock
        self.random = random
        self.joinLimiter = joinLimiter
    }

    /// Creates a group with the caller as its owner.
    public func create(_ caller: Caller, name raw: String, kind: String) async throws -> GroupView {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        // The limit counts what was sent, as the contract's maxLength does, before trimming.
        guard !name.isEmpty, raw.unicodeScalars.count <= 60, !TextRules.hasControlCharacters(name) else {
            throw ServiceError.invalid("name", code: "invalid_name", "Give the group a name of up to 60 characters.")
        }
        guard Self.kinds.contains(kind) else {
            throw ServiceError.invalid("kind", code: "not_an_option", "The kind must be household or family.")
        }
        guard !MailableText.looksLikeLink(name) else { throw Self.linkInGroupName }
        return try await storage.transaction { store in
            let now = clock.now
            let group = GroupRecord(
                id: random.uuid(), name: name, kind: kind,
                inviteCode: try await freshCode(in: store), createdBy: caller.userID, createdAt: now)
            try await store.insertGroup(group)
            try await store.insertMember(
                MemberRecord(groupID: group.id, userID: caller.userID, role: "owner", joinedAt: now))
            try await webhooks.enqueue(
                .groupCreated, ["groupId": .id(group.id), "kind": .string(kind), "createdBy": .id(caller.userID)],
                in: store)
            return try await view(group, in: store)
        }
    }

    /// Joins the group an invite code opens. A malformed or unknown code is 422 `invalid_invite_code`,
    /// a code that was rotated away 422 `invite_code_rotated`, a group joined already 409 `already_member`.
    public func join(_ caller: Caller, inviteCode raw: String) async throws -> GroupView {
        if let wait = joinLimiter.check(caller.userID.uuidString, limit: Self.joinLimit, now: clock.now) {
            throw ServiceError.rateLimited(retryAfter: wait)
        }
        let code = InviteCode.normalized(raw)
        guard InviteCode.isWellFormed(code) else { throw Self.invalidCode }
        return try await storage.transaction { store in
            guard let group = try await store.group(inviteCode: code) else {
                if try await store.groupOfRetiredCode(code) != nil {
                    throw ServiceError(
                        status: 422, code: "invite_code_rotated",
                        detail: "This invite code was replaced. Ask for the new one.")
                }
                throw Self.invalidCode
            }
            if try await store.members(groupID: group.id).contains(where: { $0.userID == caller.userID }) {
                throw ServiceError(
                    status: 409, code: "already_member", detail: "You're already a member of this group.")
            }
            try await store.insertMember(
                MemberRecord(
                    groupID: group.id, userID: caller.userID, role: "member",
                    joinedAt: clock.now))
            try await webhooks.enqueue(
                .groupMemberJoined, ["groupId": .id(group.id), "userId": .id(caller.userID), "role": "member"],
                in: store)
            return try await view(group, in: store)
        }
    }

    /// The caller's groups.
    public func groups(_ caller: Caller) async throws -> [GroupView] {
        try await storage.transaction { store in
            var views: [GroupView] = []
            for group in try await store.groups(userID: caller.userID) {
                views.append(try await view(group, in: store))
            }
            return views
        }
    }

    /// Replaces the group's invite code; the old one stops working. Owners only.
    public func rotateCode(_ caller: Caller, groupID raw: String) async throws -> String {
        try await storage.transaction { store in
            var group = try await memberGroup(raw, caller: caller, in: store)
            let role = try await store.members(groupID: group.id).first { $0.userID == caller.userID }?.role
            guard role == "owner" else {
                throw ServiceError(status: 403, code: .forbidden, detail: "Only the group's owner can change its code.")
            }
            try await store.retireInviteCode(group.inviteCode, groupID: group.id, at: clock.now)
            group.inviteCode = try await freshCode(in: store)
            try await store.updateGroup(group)
            return group.inviteCode
        }
    }

    /// Mails the group's invite code to each valid address not mailed the same code in the last 30 days;
    /// returns who was invited and who was not: `invalid_email`, `already_invited`, `own_address` (the
    /// inviter's) and `already_member` (someone in the group).
    public func invite(_ caller: Caller, groupID raw: String, emails: [String]) async throws
        -> (invited: [String], rejected: [(email: String, code: String)])
    {
        guard !emails.isEmpty, emails.count <= 20 else {
            throw ServiceError.invalid("emails", code: "invalid_count", "Send between 1 and 20 addresses.")
        }
        // Longer than the contract allows is a malformed request, not an address to report back.
        guard emails.allSatisfy({ $0.unicodeScalars.count <= 320 }) else {
            throw ServiceError.invalid("emails", code: "invalid_email", "An address has at most 320 characters.")
        }
        var addresses: [String] = []
        var rejected: [(email: String, code: String)] = []
        for email in emails {
            guard email.utf8.count <= 320, EmailAddress.isValid(email) else {
                rejected.append((String(email.prefix(320)), "invalid_email"))
                continue
            }
            let address = EmailAddress.normalized(email)
            if !addresses.contains(address) { addresses.append(address) }
        }
        let valid = addresses
        let (invited, refused) = try await storage.transaction { store -> ([String], [(email: String, code: String)]) in
            let group = try await memberGroup(raw, caller: caller, in: store)
            guard let inviter = try await store.user(id: caller.userID), !inviter.isGuest, inviter.email != nil else {
                throw Self.guestsCannotInvite
            }
            let from = inviter.displayName ?? ""
            guard !MailableText.looksLikeLink(group.name) else { throw Self.linkInGroupName }
            guard !MailableText.looksLikeLink(from) else {
                throw ServiceError.invalid(
                    "inviter", code: "link_in_name",
                    "Your name looks like a web address, so it can't go into an invitation. Change your name first.")
            }
            let now = clock.now
            var fresh: [(address: String, invitee: UserRecord?)] = []
            var refused: [(email: String, code: String)] = []
            let members = Set(try await store.members(groupID: group.id).map(\.userID))
            for address in valid {
                let invitee = try await store.user(email: address)
                if let code = try await refusal(
                    of: address, held: invitee, by: inviter, to: group, members: members, in: store)
                {
                    refused.append((address, code))
                } else {
                    fresh.append((address, invitee))
                }
            }
            try await spendInvitationBudget(of: inviter, addresses: fresh.count, in: store)
            var values = ["group": group.name, "inviteCode": group.inviteCode]
            if !from.isEmpty { values["inviter"] = from }
            for (address, invitee) in fresh {
                // An invitee who has an account reads it in their language; a new one in the inviter's.
                let language = invitee?.language ?? inviter.language
                try await outbox.enqueue(
                    .invitation, to: address, values: values, code: group.inviteCode, language: language, in: store)
                try await store.mark(
                    .addressInvited, subject: Self.invitationSubject(group, address), LedgerMark(at: now, weight: 1),
                    forgettingBefore: now.addingTimeInterval(-Self.invitationMemory))
            }
            return (fresh.map(\.address), refused)
        }
        rejected += refused
        outbox.wake()
        return (invited, rejected)
    }

    /// Leaves a group; the last member to leave ends it.
    public func leave(_ caller: Caller, groupID raw: String) async throws {
        try await storage.transaction { store in
            let group = try await memberGroup(raw, caller: caller, in: store)
            try await store.deleteMember(groupID: group.id, userID: caller.userID)
            if try await store.members(groupID: group.id).isEmpty { try await store.deleteGroup(id: group.id) }
        }
    }

    /// Why `address` (held by `invitee`, if anyone) is not mailed the group's code, if it is not: it is
    /// the inviter's own, belongs to a member, or was mailed the same code within ``invitationMemory``.
    private func refusal(
        of address: String, held invitee: UserRecord?, by inviter: UserRecord, to group: GroupRecord,
        members: Set<UUID>, in store: any StorageTransaction
    ) async throws -> String? {
        if address == inviter.email.map(EmailAddress.normalized) { return "own_address" }
        if let invitee, members.contains(invitee.id) { return "already_member" }
        let earlier = try await store.marks(
            .addressInvited, subject: Self.invitationSubject(group, address),
            since: clock.now.addingTimeInterval(-Self.invitationMemory))
        return earlier.isEmpty ? nil : "already_invited"
    }

    /// How long an address mailed a group's code is not mailed the same code again (a second invitation
    /// is reported as `already_invited`); a new code may be mailed at once.
    public static let invitationMemory: TimeInterval = 30 * 24 * 60 * 60

    /// The ledger's subject for an invitation: the group, its current code and the address, hashed.
    static func invitationSubject(_ group: GroupRecord, _ address: String) -> String {
        Digests.sha256Hex("\(group.id.lowercasedText) \(group.inviteCode) \(address)")
    }

    /// Addresses an account may invite a day: a verified one 100, one whose address nobody proved 20.
    public static let dailyInvitations = (verified: 100, unverified: 20)

    /// Counts `addresses` invitations against the inviter's daily budget, or refuses them all with 429.
    private func spendInvitationBudget(
        of inviter: UserRecord, addresses: Int, in store: any StorageTransaction
    ) async throws {
        guard addresses > 0 else { return }
        let now = clock.now
        let day: TimeInterval = 24 * 60 * 60
        let limit = inviter.emailVerified ? Self.dailyInvitations.verified : Self.dailyInvitations.unverified
        let sent = try await store.marks(
            .invitationsMailed, subject: inviter.id.lowercasedText, since: now.addingTimeInterval(-day))
        guard sent.totalWeight + addresses <= limit else {
            let wait = sent.wait(untilBelow: limit - addresses + 1, window: day, now: now)
            var error = ServiceError.rateLimited(retryAfter: Int(wait.rounded(.up)))
            error.detail =
                "You can invite up to \(limit) addresses a day"
                + (inviter.emailVerified ? "." : " until you confirm your email.") + " Try again later."
            throw error
        }
        try await store.mark(
            .invitationsMailed, subject: inviter.id.lowercasedText, LedgerMark(at: now, weight: addresses),
            forgettingBefore: now.addingTimeInterval(-day))
    }

    static let guestsCannotInvite = ServiceError(
        status: 403, code: .forbidden, detail: "Create an account to invite people by email.")

    static let linkInGroupName = ServiceError.invalid(
        "name", code: "link_in_name", "Group names can't contain a web address, since they are sent in invitations.")

    static let invalidCode = ServiceError(
        status: 422, code: "invalid_invite_code", detail: "That invite code doesn't match any group.")

    /// The group, when the caller is a member; 404 otherwise, so others' groups cannot be probed.
    func memberGroup(_ raw: String, caller: Caller, in store: any StorageTransaction) async throws -> GroupRecord {
        guard let id = UUID(text: raw), let group = try await store.group(id: id),
            try await store.members(groupID: id).contains(where: { $0.userID == caller.userID })
        else { throw ServiceError.notFound }
        return group
    }

    func view(_ group: GroupRecord, in store: any StorageTransaction) async throws -> GroupView {
        var members: [(member: MemberRecord, user: UserRecord?)] = []
        for member in try await store.members(groupID: group.id) {
            members.append((member, try await store.user(id: member.userID)))
        }
        return GroupView(group: group, members: members)
    }

    func freshCode(in store: any StorageTransaction) async throws -> String {
        while true {
            let code = String(
                (0..<InviteCode.length).map { _ in
                    InviteCode.alphabet[Int(random.uniform(below: UInt32(InviteCode.alphabet.count)))]
                })
            if try await store.group(inviteCode: code) == nil, try await store.groupOfRetiredCode(code) == nil {
                return code
            }
        }
    }
}

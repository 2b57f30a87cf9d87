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
    let joinLimiter: RateLimiter
    /// The time, invite codes, and the webhook events group changes go to.
    let context: ServiceContext

    /// Wrong codes a user may try per 10 minutes before joining is paused.
    public static let joinLimit = RateLimiter.Limit(requests: 10, per: 600)
    /// The kinds of group.
    public static let kinds: Set<String> = ["household", "family"]

    /// Creates the service.
    public init(
        storage: any Storage, outbox: MailOutbox, joinLimiter: RateLimiter = RateLimiter(), context: ServiceContext
    ) {
        self.storage = storage
        self.outbox = outbox
        self.joinLimiter = joinLimiter
        self.context = context
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
            let now = context.clock.now
            let group = GroupRecord(
                id: context.random.uuid(), name: name, kind: kind,
                inviteCode: try await freshCode(in: store), createdBy: caller.userID, createdAt: now)
            try await store.insertGroup(group)
            try await store.insertMember(
                MemberRecord(groupID: group.id, userID: caller.userID, role: "owner", joinedAt: now))
            try await context.webhooks.enqueue(
                .groupCreated, ["groupId": .id(group.id), "kind": .string(kind), "createdBy": .id(caller.userID)],
                in: store)
            return try await view(group, in: store)
        }
    }

    /// Joins the group an invite code opens. A malformed or unknown code is 422 `invalid_invite_code`,
    /// a code that was rotated away 422 `invite_code_rotated`, a group joined already 409 `already_member`.
    public func join(_ caller: Caller, inviteCode raw: String) async throws -> GroupView {
        if let wait = joinLimiter.check(caller.userID.uuidString, limit: Self.joinLimit, now: context.clock.now) {
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
                    status: 409, code: .alreadyMember, detail: "You're already a member of this group.")
            }
            try await store.insertMember(
                MemberRecord(
                    groupID: group.id, userID: caller.userID, role: "member",
                    joinedAt: context.clock.now))
            try await context.webhooks.enqueue(
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
            try await store.retireInviteCode(group.inviteCode, groupID: group.id, at: context.clock.now)
            group.inviteCode = try await freshCode(in: store)
            try await store.updateGroup(group)
            return group.inviteCode
        }
    }

    /// Leaves a group; the last member to leave ends it.
    public func leave(_ caller: Caller, groupID raw: String) async throws {
        try await storage.transaction { store in
            let group = try await memberGroup(raw, caller: caller, in: store)
            try await store.removeMember(groupID: group.id, userID: caller.userID)
        }
    }

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
                    InviteCode.alphabet[Int(context.random.uniform(below: UInt32(InviteCode.alphabet.count)))]
                })
            if try await store.group(inviteCode: code) == nil, try await store.groupOfRetiredCode(code) == nil {
                return code
            }
        }
    }
}

import DoorstepFlow
import Foundation

/// Invitations by email: who is mailed a group's code, who is not and why, and the inviter's budget.
extension GroupService {
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
        let (valid, rejected) = Self.addresses(emails)
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
            let now = context.clock.now
            let (fresh, refused) = try await sorted(valid, invitedBy: inviter, to: group, in: store)
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
        outbox.wake()
        return (invited, rejected + refused)
    }

    /// The well-formed addresses among `emails`, normalised and each once, and the others refused as
    /// `invalid_email`.
    private static func addresses(_ emails: [String]) -> (valid: [String], rejected: [(email: String, code: String)]) {
        var valid: [String] = []
        var rejected: [(email: String, code: String)] = []
        for email in emails {
            guard email.utf8.count <= 320, EmailAddress.isValid(email) else {
                rejected.append((String(email.prefix(320)), "invalid_email"))
                continue
            }
            let address = EmailAddress.normalized(email)
            if !valid.contains(address) { valid.append(address) }
        }
        return (valid, rejected)
    }

    /// The addresses to mail, each with its account if it has one, and those refused with why.
    private func sorted(
        _ addresses: [String], invitedBy inviter: UserRecord, to group: GroupRecord, in store: any StorageTransaction
    ) async throws -> (fresh: [(address: String, invitee: UserRecord?)], refused: [(email: String, code: String)]) {
        var fresh: [(address: String, invitee: UserRecord?)] = []
        var refused: [(email: String, code: String)] = []
        let members = Set(try await store.members(groupID: group.id).map(\.userID))
        for address in addresses {
            let invitee = try await store.user(email: address)
            if let code = try await refusal(
                of: address, held: invitee, by: inviter, to: group, members: members, in: store)
            {
                refused.append((address, code))
            } else {
                fresh.append((address, invitee))
            }
        }
        return (fresh, refused)
    }

    /// Why `address` (held by `invitee`, if anyone) is not mailed the group's code, if it is not: it is
    /// the inviter's own, belongs to a member, or was mailed the same code within ``invitationMemory``.
    private func refusal(
        of address: String, held invitee: UserRecord?, by inviter: UserRecord, to group: GroupRecord,
        members: Set<UUID>, in store: any StorageTransaction
    ) async throws -> String? {
        if address == inviter.email.map(EmailAddress.normalized) { return ErrorCode.ownAddress.rawValue }
        if let invitee, members.contains(invitee.id) { return ErrorCode.alreadyMember.rawValue }
        let earlier = try await store.marks(
            .addressInvited, subject: Self.invitationSubject(group, address),
            since: context.clock.now.addingTimeInterval(-Self.invitationMemory))
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
        let now = context.clock.now
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
}

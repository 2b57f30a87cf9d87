import Foundation

extension MemoryTransaction {
    func insertConsent(_ consent: ConsentRecord) async throws {
        state.withLock { $0.consents[consent.userID, default: []].append(consent) }
    }

    func consents(userID: UUID) async throws -> [ConsentRecord] {
        state.withLock { $0.consents[userID] ?? [] }
    }

    func progress(userID: UUID, flowID: String) async throws -> FlowProgressRecord? {
        state.withLock { $0.progress[MemoryState.flowKey(userID, flowID)] }
    }

    func saveProgress(_ progress: FlowProgressRecord) async throws {
        state.withLock { $0.progress[MemoryState.flowKey(progress.userID, progress.flowID)] = progress }
    }

    func insertSubmission(_ submission: SubmissionRecord) async throws {
        state.withLock {
            $0.submissions[MemoryState.flowKey(submission.userID, submission.flowID), default: []].append(submission)
        }
    }

    func submissions(userID: UUID, flowID: String) async throws -> [SubmissionRecord] {
        state.withLock { $0.submissions[MemoryState.flowKey(userID, flowID)] ?? [] }
    }

    func insertGroup(_ group: GroupRecord) async throws {
        state.withLock { $0.groups[group.id] = group }
    }

    func updateGroup(_ group: GroupRecord) async throws {
        state.withLock { state in
            if state.groups[group.id] != nil { state.groups[group.id] = group }
        }
    }

    func deleteGroup(id: UUID) async throws {
        state.withLock { state in
            state.groups[id] = nil
            state.members[id] = nil
            state.retiredCodes = state.retiredCodes.filter { $0.value != id }
        }
    }

    func group(id: UUID) async throws -> GroupRecord? {
        state.withLock { $0.groups[id] }
    }

    func group(inviteCode: String) async throws -> GroupRecord? {
        state.withLock { $0.groups.values.first { $0.inviteCode == inviteCode } }
    }

    func groupOfRetiredCode(_ code: String) async throws -> UUID? {
        state.withLock { $0.retiredCodes[code] }
    }

    func retireInviteCode(_ code: String, groupID: UUID, at date: Date) async throws {
        state.withLock { $0.retiredCodes[code] = groupID }
    }

    func insertMember(_ member: MemberRecord) async throws {
        state.withLock { $0.members[member.groupID, default: []].append(member) }
    }

    func deleteMember(groupID: UUID, userID: UUID) async throws {
        state.withLock { $0.members[groupID]?.removeAll { $0.userID == userID } }
    }

    func members(groupID: UUID) async throws -> [MemberRecord] {
        state.withLock { $0.members[groupID] ?? [] }
    }

    func groups(userID: UUID) async throws -> [GroupRecord] {
        state.withLock { state in
            state.members.values.flatMap { $0 }.filter { $0.userID == userID }.sorted { $0.joinedAt < $1.joinedAt }
                .compactMap { state.groups[$0.groupID] }
        }
    }
}

extension MemoryTransaction {
    func moduleState(userID: UUID, module: String) async throws -> Data? {
        state.withLock { $0.moduleStates[MemoryState.flowKey(userID, module)] }
    }

    func saveModuleState(userID: UUID, module: String, state data: Data, at date: Date) async throws {
        state.withLock { $0.moduleStates[MemoryState.flowKey(userID, module)] = data }
    }
}

extension MemoryTransaction {
    func identity(provider: String, subject: String) async throws -> IdentityRecord? {
        state.withLock { $0.identities[provider + "\u{1F}" + subject] }
    }

    func identities(userID: UUID) async throws -> [IdentityRecord] {
        state.withLock { $0.identities.values.filter { $0.userID == userID }.sorted { $0.createdAt < $1.createdAt } }
    }

    func holdsAnyAccount() async throws -> Bool {
        state.withLock { !$0.users.isEmpty }
    }

    func existingEmails(among emails: [String]) async throws -> Set<String> {
        var found = Set<String>()
        for email in emails where try await user(email: email) != nil { found.insert(email) }
        return found
    }

    func existingIdentities(among identities: [ImportedUser.Identity]) async throws -> Set<ImportedUser.Identity> {
        var found = Set<ImportedUser.Identity>()
        for identity in identities
        where try await self.identity(provider: identity.provider, subject: identity.subject) != nil {
            found.insert(identity)
        }
        return found
    }

    func insertImported(_ users: [UserRecord], identities: [IdentityRecord]) async throws {
        for user in users { try await insertUser(user) }
        for identity in identities {
            // As the databases' primary key does: an identity belongs to one account.
            if try await self.identity(provider: identity.provider, subject: identity.subject) != nil {
                throw StorageError.unavailable("the \(identity.provider) account \(identity.subject) is linked twice")
            }
            try await insertIdentity(identity)
        }
    }

    func insertIdentity(_ identity: IdentityRecord) async throws {
        state.withLock { $0.identities[identity.provider + "\u{1F}" + identity.subject] = identity }
    }

    func updateIdentity(_ identity: IdentityRecord) async throws {
        try await insertIdentity(identity)
    }

    func deleteIdentities(userID: UUID) async throws {
        state.withLock { $0.identities = $0.identities.filter { $0.value.userID != userID } }
    }
}

extension MemoryTransaction {
    func browserSession(idHash: String) async throws -> BrowserSessionRecord? {
        state.withLock { $0.browserSessions[idHash] }
    }

    func saveBrowserSession(_ record: BrowserSessionRecord) async throws {
        state.withLock { $0.browserSessions[record.idHash] = record }
    }

    func deleteBrowserSession(idHash: String) async throws {
        state.withLock { $0.browserSessions[idHash] = nil }
    }

    func deleteBrowserSessions(expiredBefore date: Date) async throws {
        state.withLock { $0.browserSessions = $0.browserSessions.filter { $0.value.expiresAt >= date } }
    }
}

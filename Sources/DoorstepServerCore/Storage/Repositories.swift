import Foundation

/// Why storage refused a write.
public enum StorageError: Error, Sendable, Equatable {
    /// Another account already has this email.
    case duplicateEmail
    /// The passkey is already registered.
    case duplicatePasskey
    /// The App Attest key is already kept.
    case duplicateAttestedKey
    /// The database could not be reached or answered with an error.
    case unavailable(String)
}

/// Accounts.
public protocol UserRepository: Sendable {
    /// Adds an account; throws ``StorageError/duplicateEmail`` when its email is taken.
    func insertUser(_ user: UserRecord) async throws
    /// Replaces an account; throws ``StorageError/duplicateEmail`` when its new email is taken.
    func updateUser(_ user: UserRecord) async throws
    func user(id: UUID) async throws -> UserRecord?
    func user(email: String) async throws -> UserRecord?
    /// Removes an account and everything that hangs off it.
    func deleteUser(id: UUID) async throws
}

/// Signed-in devices and their refresh tokens.
public protocol SessionRepository: Sendable {
    func insertSession(_ session: SessionRecord) async throws
    func updateSession(_ session: SessionRecord) async throws
    /// Moves a session's last use on to `date`, unless it was used later or has ended. Only that time
    /// changes, so a mark written after its request cannot undo a refresh or re-authentication that
    /// committed meanwhile.
    func markSessionUsed(id: UUID, at date: Date) async throws
    func session(id: UUID) async throws -> SessionRecord?
    /// A session and its account, read together (the busiest read of all: every signed-in request).
    func sessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)?
    /// The user's sessions, newest first, ended ones included.
    func sessions(userID: UUID) async throws -> [SessionRecord]
    func insertRefreshToken(_ token: RefreshTokenRecord) async throws
    func updateRefreshToken(_ token: RefreshTokenRecord) async throws
    func refreshToken(hash: String) async throws -> RefreshTokenRecord?
    /// A refresh token with its session and account, read together (every refresh).
    func refreshTokenSessionAndUser(hash: String) async throws -> (RefreshTokenRecord, SessionRecord, UserRecord)?
}

/// One-time codes, the sends that rate limits count, and failed log-ins.
public protocol CodeRepository: Sendable {
    /// Stores the newest code for its address and purpose, replacing any older one.
    func replaceCode(_ code: CodeRecord) async throws
    func updateCode(_ code: CodeRecord) async throws
    func code(email: String, purpose: CodePurpose) async throws -> CodeRecord?
    func deleteCode(email: String, purpose: CodePurpose) async throws
    /// Remembers that a code was mailed to `email` at `date`, at the asking of `client` (a keyed hash
    /// of the client with the address, never the client's address), or of a caller with no client.
    func recordCodeSend(email: String, client: String?, at date: Date) async throws
    /// The codes mailed to `email` since `date`, oldest first.
    func codeSends(email: String, since date: Date) async throws -> [CodeSend]
    func recordLoginFailure(email: String, at date: Date) async throws
    /// When log-ins to `email` failed since `date`, oldest first.
    func loginFailures(email: String, since date: Date) async throws -> [Date]
    func clearLoginFailures(email: String) async throws
}

/// Consents and other facts about an account.
public protocol ProfileRepository: Sendable {
    func insertConsent(_ consent: ConsentRecord) async throws
    /// Every consent of the user, oldest first.
    func consents(userID: UUID) async throws -> [ConsentRecord]
}

/// Flow progress and accepted answers.
public protocol FlowDataRepository: Sendable {
    func progress(userID: UUID, flowID: String) async throws -> FlowProgressRecord?
    /// Inserts or replaces the user's progress in a flow.
    func saveProgress(_ progress: FlowProgressRecord) async throws
    func insertSubmission(_ submission: SubmissionRecord) async throws
    /// The user's submissions for a flow, oldest first.
    func submissions(userID: UUID, flowID: String) async throws -> [SubmissionRecord]
}

/// Households and families, their members and their invite codes.
public protocol GroupRepository: Sendable {
    func insertGroup(_ group: GroupRecord) async throws
    func updateGroup(_ group: GroupRecord) async throws
    func deleteGroup(id: UUID) async throws
    func group(id: UUID) async throws -> GroupRecord?
    /// The group whose current code this is.
    func group(inviteCode: String) async throws -> GroupRecord?
    /// The group a code used to open, before it was rotated.
    func groupOfRetiredCode(_ code: String) async throws -> UUID?
    func retireInviteCode(_ code: String, groupID: UUID, at date: Date) async throws
    func insertMember(_ member: MemberRecord) async throws
    func deleteMember(groupID: UUID, userID: UUID) async throws
    /// The group's members, in the order they joined.
    func members(groupID: UUID) async throws -> [MemberRecord]
    /// The groups the user belongs to, in the order they joined.
    func groups(userID: UUID) async throws -> [GroupRecord]
}

extension GroupRepository {
    /// Takes the user out of the group; the last member to go ends it.
    func removeMember(groupID: UUID, userID: UUID) async throws {
        try await deleteMember(groupID: groupID, userID: userID)
        if try await members(groupID: groupID).isEmpty { try await deleteGroup(id: groupID) }
    }
}

/// State that an app module (such as the trainer) keeps per user, as one JSON document.
public protocol ModuleStateRepository: Sendable {
    func moduleState(userID: UUID, module: String) async throws -> Data?
    func saveModuleState(userID: UUID, module: String, state: Data, at date: Date) async throws
}

/// Accounts at Apple and Google linked to users.
public protocol IdentityRepository: Sendable {
    func identity(provider: String, subject: String) async throws -> IdentityRecord?
    /// The user's linked identities, oldest first.
    func identities(userID: UUID) async throws -> [IdentityRecord]
    func insertIdentity(_ identity: IdentityRecord) async throws
    func updateIdentity(_ identity: IdentityRecord) async throws
    /// Unlinks every identity of the user.
    func deleteIdentities(userID: UUID) async throws
}

/// Browsers walking flows in the web funnel.
public protocol BrowserSessionRepository: Sendable {
    func browserSession(idHash: String) async throws -> BrowserSessionRecord?
    /// Inserts or replaces a browser's record.
    func saveBrowserSession(_ record: BrowserSessionRecord) async throws
    func deleteBrowserSession(idHash: String) async throws
    /// Removes records that expired before `date`.
    func deleteBrowserSessions(expiredBefore date: Date) async throws
}

/// The append-only audit log of security and administrative events.
public protocol AuditRepository: Sendable {
    func insertAuditEntries(_ entries: [AuditRecord]) async throws
    /// Entries since `date` (of one account, or all), newest first, skipping the first `offset`, at
    /// most `limit`.
    func auditEntries(accountID: UUID?, since date: Date, limit: Int, offset: Int) async throws -> [AuditRecord]
    /// Forgets entries older than `date` (the retention).
    func deleteAuditEntries(before date: Date) async throws
}

extension AuditRepository {
    /// Entries since `date` (of one account, or all), newest first, at most `limit`.
    public func auditEntries(accountID: UUID?, since date: Date, limit: Int) async throws -> [AuditRecord] {
        try await auditEntries(accountID: accountID, since: date, limit: limit, offset: 0)
    }
}

/// The keys access tokens are signed with, and the server's other secrets.
public protocol KeyRepository: Sendable {
    /// Every signing key, oldest first.
    func signingKeys() async throws -> [StoredKeyRecord]
    func insertSigningKey(_ key: StoredKeyRecord) async throws
    /// Replaces a key's material (when it is sealed or unsealed).
    func updateSigningKey(_ key: StoredKeyRecord) async throws
    func deleteSigningKey(id: String) async throws
    func serverSecret(name: String) async throws -> StoredKeyRecord?
    /// Inserts or replaces a secret.
    func saveServerSecret(_ secret: StoredKeyRecord) async throws
}

/// Profile photos kept in the database, for servers whose instances share no disk.
public protocol AvatarRepository: Sendable {
    /// Inserts or replaces a photo.
    func saveAvatar(id: String, data: Data, contentType: String, at date: Date) async throws
    func avatar(id: String) async throws -> (data: Data, contentType: String)?
    func deleteAvatar(id: String) async throws
}

/// Passkeys and the single-use challenges of their ceremonies.
public protocol PasskeyRepository: Sendable {
    func insertPasskey(_ passkey: PasskeyRecord) async throws
    func updatePasskey(_ passkey: PasskeyRecord) async throws
    func passkey(id: String) async throws -> PasskeyRecord?
    /// An account's passkeys, oldest first.
    func passkeys(userID: UUID) async throws -> [PasskeyRecord]
    func deletePasskey(id: String) async throws
    func insertPasskeyChallenge(_ challenge: PasskeyChallengeRecord) async throws
    /// Removes the challenge and returns it: a challenge answers once.
    func takePasskeyChallenge(hash: String) async throws -> PasskeyChallengeRecord?
    /// Forgets challenges that expired before `date`.
    func deletePasskeyChallenges(expiredBefore date: Date) async throws
}

/// Keys App Attest vouched for, and the single-use challenges attestations and assertions answer.
public protocol AppAttestRepository: Sendable {
    /// Keeps a newly attested key; one already kept is refused with `StorageError.duplicateAttestedKey`.
    func insertAttestedKey(_ key: AttestedKeyRecord) async throws
    func attestedKey(id: String) async throws -> AttestedKeyRecord?
    /// Raises the key's counter to `counter` when it is below it, as used at `date`; false when it is
    /// not below (a replay, or a copied key), and nothing changes.
    func advanceAttestedKey(id: String, counter: UInt32, at date: Date) async throws -> Bool
    func insertAttestationChallenge(_ challenge: AttestationChallengeRecord) async throws
    /// Removes the challenge and returns it: a challenge answers once.
    func takeAttestationChallenge(hash: String) async throws -> AttestationChallengeRecord?
    /// Forgets challenges that expired before `date`.
    func deleteAttestationChallenges(expiredBefore date: Date) async throws
}

/// The append-only record of flow events, for funnels.
public protocol AnalyticsRepository: Sendable {
    /// Stores the events whose ids are new; returns their ids.
    func insertEvents(_ events: [AnalyticsEventRecord]) async throws -> Set<UUID>
    /// A flow's events that happened in `[from, to)`, in no particular order.
    func events(flowID: String, from: Date, to: Date) async throws -> [AnalyticsEventRecord]
    /// What a funnel reads of a flow's events that happened in `[from, to)` in one half of its walks:
    /// the kinds in ``WalkEvent/funnelKinds``, ordered by install id (in no particular order within
    /// an install).
    func walkEvents(flowID: String, from: Date, to: Date, half: InstallHalf) async throws -> [WalkEvent]
    /// The account each of these walks of a flow (by install id) is linked to: the one its latest
    /// linked event names. Walks linked to none are left out.
    func walkAccounts(flowID: String, installIDs: [String]) async throws -> [String: UUID]
    /// Forgets events that happened before `date`.
    func deleteEvents(happenedBefore date: Date) async throws
    /// Every event of up to `limit` walks (the events of one install in one flow) whose latest event
    /// happened before `cutoff`, taking walks in key order after `walk` (from the first when nil), with
    /// the events in that order, so the last names where the next batch goes on: a pass over every
    /// walk reads each event once, however many batches it takes.
    func eventsOfWalks(idleSince cutoff: Date, after walk: WalkKey?, limit: Int) async throws
        -> [AnalyticsEventRecord]
    /// Forgets these events; returns the ids of those this call removed (not those already gone).
    func deleteEvents(ids: [UUID]) async throws -> Set<UUID>
    /// A flow's compacted records of the days from `firstDay` to `lastDay`, both included.
    func dailyFunnels(flowID: String, firstDay: String, lastDay: String) async throws -> [DailyFunnelRecord]
    /// Adds a compacted record.
    func insertDailyFunnel(_ record: DailyFunnelRecord) async throws
    /// Forgets these compacted records; returns the ids of those this call removed.
    func deleteDailyFunnels(ids: [UUID]) async throws -> Set<UUID>
}

/// Dated marks that security limits count and replays are checked against, shared by every instance.
public protocol SecurityLedgerRepository: Sendable {
    /// Adds a mark for `subject`, and forgets marks of the same kind made before `forgettingBefore`.
    func mark(_ kind: LedgerKind, subject: String, _ mark: LedgerMark, forgettingBefore: Date) async throws
    /// The marks of `kind` for `subject` made after `date`, oldest first: a mark made exactly a window
    /// ago has left the window.
    func marks(_ kind: LedgerKind, subject: String, since date: Date) async throws -> [LedgerMark]
}

/// Authenticator apps, their recovery codes, and sign-ins waiting for a second factor.
public protocol SecondFactorRepository: Sendable {
    func secondFactor(userID: UUID) async throws -> SecondFactorRecord?
    /// Inserts or replaces the account's authenticator.
    func saveSecondFactor(_ factor: SecondFactorRecord) async throws
    /// Removes the account's authenticator and its recovery codes.
    func deleteSecondFactor(userID: UUID) async throws
    /// Replaces the account's recovery codes (kept as keyed hashes) with these.
    func replaceRecoveryCodes(userID: UUID, hashes: [String]) async throws
    /// Spends a recovery code: true when it existed and was unused.
    func useRecoveryCode(userID: UUID, hash: String, at date: Date) async throws -> Bool
    /// How many recovery codes the account has left.
    func unusedRecoveryCodes(userID: UUID) async throws -> Int
    func insertSecondFactorChallenge(_ challenge: SecondFactorChallengeRecord) async throws
    func secondFactorChallenge(hash: String) async throws -> SecondFactorChallengeRecord?
    func updateSecondFactorChallenge(_ challenge: SecondFactorChallengeRecord) async throws
    /// Removes the challenge, and those that expired before `date`.
    func deleteSecondFactorChallenge(hash: String, expiredBefore date: Date) async throws
    /// Removes every sign-in of the account waiting for its second factor; returns how many there were.
    func deleteSecondFactorChallenges(userID: UUID) async throws -> Int
}

/// Everything a transaction can touch.
public typealias StorageTransaction = UserRepository & SessionRepository & CodeRepository & ProfileRepository
    & FlowDataRepository & GroupRepository & ModuleStateRepository & IdentityRepository & BrowserSessionRepository
    & OutboxRepository & KeyRepository & AvatarRepository & PasskeyRepository & AnalyticsRepository
    & SecurityLedgerRepository & SecondFactorRepository & WebhookRepository & AuditRepository & EntitlementRepository
    & ImportRepository & AppAttestRepository

extension CodeRepository {
    /// Remembers that a code was mailed to `email` at `date` at the asking of no client.
    public func recordCodeSend(email: String, at date: Date) async throws {
        try await recordCodeSend(email: email, client: nil, at: date)
    }
}

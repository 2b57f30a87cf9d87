import Foundation
import Synchronization

/// Storage kept in memory: for tests and for trying Doorstep without a database file. Transactions
/// work on a copy and publish it only when they succeed, so a failed one leaves nothing behind.
public final class MemoryStorage: Storage {
    private let state = Mutex(MemoryState())
    private let lock = AsyncLock()

    /// Creates empty storage.
    public init() {}

    public func transaction<Result: Sendable>(
        _ body: @Sendable (any StorageTransaction) async throws -> Result
    ) async throws -> Result {
        try await lock.withLock {
            let transaction = MemoryTransaction(state: state.withLock { $0 })
            let result = try await body(transaction)
            let committed = transaction.state.withLock { $0 }
            state.withLock { $0 = committed }
            return result
        }
    }

    public func isHealthy() async -> Bool { true }
}

struct MemoryState: Sendable {
    var users: [UUID: UserRecord] = [:]
    var userIDsByEmail: [String: UUID] = [:]
    var sessions: [UUID: SessionRecord] = [:]
    var refreshTokens: [String: RefreshTokenRecord] = [:]
    var codes: [String: CodeRecord] = [:]
    var codeSends: [String: [CodeSend]] = [:]
    var loginFailures: [String: [Date]] = [:]
    var consents: [UUID: [ConsentRecord]] = [:]
    var entitlements: [String: EntitlementRecord] = [:]
    var progress: [String: FlowProgressRecord] = [:]
    var submissions: [String: [SubmissionRecord]] = [:]
    var groups: [UUID: GroupRecord] = [:]
    var retiredCodes: [String: UUID] = [:]
    var members: [UUID: [MemberRecord]] = [:]
    var moduleStates: [String: Data] = [:]
    var identities: [String: IdentityRecord] = [:]
    var browserSessions: [String: BrowserSessionRecord] = [:]
    var outbox: [UUID: OutboxRecord] = [:]
    /// Outbox ids in the order they were written, so mail written at the same moment goes in order.
    var outboxOrder: [UUID] = []
    var signingKeys: [StoredKeyRecord] = []
    var serverSecrets: [String: StoredKeyRecord] = [:]
    var avatars: [String: (data: Data, contentType: String)] = [:]
    var passkeys: [String: PasskeyRecord] = [:]
    var passkeyChallenges: [String: PasskeyChallengeRecord] = [:]
    var attestedKeys: [String: AttestedKeyRecord] = [:]
    var attestationChallenges: [String: AttestationChallengeRecord] = [:]
    var events: [UUID: AnalyticsEventRecord] = [:]
    var dailyFunnels: [UUID: DailyFunnelRecord] = [:]
    var ledger: [String: [LedgerMark]] = [:]
    var secondFactors: [UUID: SecondFactorRecord] = [:]
    /// Each account's recovery-code hashes, and whether each was used.
    var recoveryCodes: [UUID: [String: Bool]] = [:]
    var secondFactorChallenges: [String: SecondFactorChallengeRecord] = [:]
    var webhookEndpoints: [WebhookEndpointRecord] = []
    var webhookDeliveries: [UUID: WebhookDeliveryRecord] = [:]
    /// Delivery ids in the order they were written.
    var webhookDeliveryOrder: [UUID] = []
    var audit: [AuditRecord] = []

    static func ledgerKey(_ kind: LedgerKind, _ subject: String) -> String { kind.rawValue + "\u{1F}" + subject }
    static func codeKey(_ email: String, _ purpose: CodePurpose) -> String { email + "\u{1F}" + purpose.rawValue }
    static func flowKey(_ userID: UUID, _ flowID: String) -> String { userID.uuidString + "\u{1F}" + flowID }
}

/// One transaction's working copy.
final class MemoryTransaction: StorageTransaction {
    let state: Mutex<MemoryState>

    init(state: MemoryState) {
        self.state = Mutex(state)
    }

    func insertUser(_ user: UserRecord) async throws {
        try state.withLock { state in
            if let email = user.email, state.userIDsByEmail[email] != nil { throw StorageError.duplicateEmail }
            state.users[user.id] = user
            if let email = user.email { state.userIDsByEmail[email] = user.id }
        }
    }

    func updateUser(_ user: UserRecord) async throws {
        try state.withLock { state in
            guard let old = state.users[user.id] else { return }
            if let email = user.email, let owner = state.userIDsByEmail[email], owner != user.id {
                throw StorageError.duplicateEmail
            }
            if let oldEmail = old.email { state.userIDsByEmail[oldEmail] = nil }
            if let email = user.email { state.userIDsByEmail[email] = user.id }
            state.users[user.id] = user
        }
    }

    func user(id: UUID) async throws -> UserRecord? {
        state.withLock { $0.users[id] }
    }

    func user(email: String) async throws -> UserRecord? {
        state.withLock { state in state.userIDsByEmail[email].flatMap { state.users[$0] } }
    }

    func refreshTokenSessionAndUser(hash: String) async throws -> (RefreshTokenRecord, SessionRecord, UserRecord)? {
        state.withLock { state in
            guard let token = state.refreshTokens[hash], let session = state.sessions[token.sessionID],
                let user = state.users[session.userID]
            else { return nil }
            return (token, session, user)
        }
    }

    func sessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)? {
        state.withLock { state in
            guard let session = state.sessions[sessionID], let user = state.users[session.userID] else { return nil }
            return (session, user)
        }
    }

    func deleteUser(id: UUID) async throws {
        state.withLock { state in
            guard let user = state.users.removeValue(forKey: id) else { return }
            if let email = user.email { state.userIDsByEmail[email] = nil }
            let sessions = Set(state.sessions.values.filter { $0.userID == id }.map(\.id))
            state.sessions = state.sessions.filter { !sessions.contains($0.key) }
            state.refreshTokens = state.refreshTokens.filter { !sessions.contains($0.value.sessionID) }
            state.consents[id] = nil
            state.entitlements = state.entitlements.filter { $0.value.userID != id }
            state.progress = state.progress.filter { $0.value.userID != id }
            state.submissions = state.submissions.filter { $0.value.first?.userID != id }
            state.members = state.members.mapValues { $0.filter { $0.userID != id } }
            state.moduleStates = state.moduleStates.filter { !$0.key.hasPrefix(id.uuidString + "\u{1F}") }
            state.identities = state.identities.filter { $0.value.userID != id }
            state.passkeys = state.passkeys.filter { $0.value.userID != id }
            state.secondFactors[id] = nil
            state.recoveryCodes[id] = nil
            state.secondFactorChallenges = state.secondFactorChallenges.filter { $0.value.userID != id }
            for (eventID, event) in state.events where event.userID == id { state.events[eventID]?.userID = nil }
        }
    }

    func insertSession(_ session: SessionRecord) async throws {
        state.withLock { $0.sessions[session.id] = session }
    }

    func updateSession(_ session: SessionRecord) async throws {
        state.withLock { state in
            if state.sessions[session.id] != nil { state.sessions[session.id] = session }
        }
    }

    func markSessionUsed(id: UUID, at date: Date) async throws {
        state.withLock { state in
            guard let session = state.sessions[id], session.revokedAt == nil, session.lastUsedAt < date else { return }
            state.sessions[id]?.lastUsedAt = date
        }
    }

    func session(id: UUID) async throws -> SessionRecord? {
        state.withLock { $0.sessions[id] }
    }

    func sessions(userID: UUID) async throws -> [SessionRecord] {
        state.withLock { state in
            state.sessions.values.filter { $0.userID == userID }.sorted { $0.createdAt > $1.createdAt }
        }
    }

    func insertRefreshToken(_ token: RefreshTokenRecord) async throws {
        state.withLock { $0.refreshTokens[token.hash] = token }
    }

    func updateRefreshToken(_ token: RefreshTokenRecord) async throws {
        state.withLock { state in
            if state.refreshTokens[token.hash] != nil { state.refreshTokens[token.hash] = token }
        }
    }

    func refreshToken(hash: String) async throws -> RefreshTokenRecord? {
        state.withLock { $0.refreshTokens[hash] }
    }

    func replaceCode(_ code: CodeRecord) async throws {
        state.withLock { $0.codes[MemoryState.codeKey(code.email, code.purpose)] = code }
    }

    func updateCode(_ code: CodeRecord) async throws {
        state.withLock { state in
            let key = MemoryState.codeKey(code.email, code.purpose)
            if state.codes[key] != nil { state.codes[key] = code }
        }
    }

    func code(email: String, purpose: CodePurpose) async throws -> CodeRecord? {
        state.withLock { $0.codes[MemoryState.codeKey(email, purpose)] }
    }

    func deleteCode(email: String, purpose: CodePurpose) async throws {
        state.withLock { $0.codes[MemoryState.codeKey(email, purpose)] = nil }
    }

    func recordCodeSend(email: String, client: String?, at date: Date) async throws {
        state.withLock { $0.codeSends[email, default: []].append(CodeSend(at: date, client: client)) }
    }

    func codeSends(email: String, since date: Date) async throws -> [CodeSend] {
        state.withLock { ($0.codeSends[email] ?? []).filter { $0.at >= date }.sorted { $0.at < $1.at } }
    }

    func recordLoginFailure(email: String, at date: Date) async throws {
        state.withLock { $0.loginFailures[email, default: []].append(date) }
    }

    func loginFailures(email: String, since date: Date) async throws -> [Date] {
        state.withLock { ($0.loginFailures[email] ?? []).filter { $0 >= date }.sorted() }
    }

    func clearLoginFailures(email: String) async throws {
        state.withLock { $0.loginFailures[email] = nil }
    }

    func mark(_ kind: LedgerKind, subject: String, _ mark: LedgerMark, forgettingBefore: Date) async throws {
        state.withLock { state in
            let prefix = kind.rawValue + "\u{1F}"
            for key in state.ledger.keys where key.hasPrefix(prefix) {
                state.ledger[key]?.removeAll { $0.at < forgettingBefore }
                if state.ledger[key]?.isEmpty == true { state.ledger[key] = nil }
            }
            state.ledger[MemoryState.ledgerKey(kind, subject), default: []].append(mark)
        }
    }

    func marks(_ kind: LedgerKind, subject: String, since date: Date) async throws -> [LedgerMark] {
        state.withLock { ($0.ledger[MemoryState.ledgerKey(kind, subject)] ?? []).filter { $0.at > date } }
            .sorted { $0.at < $1.at }
    }
}

import DoorstepFlow
import Foundation
import Logging

/// Accounts, codes, passwords, sessions and guests: every rule of the auth endpoints, with no HTTP
/// in sight. Storage, hashing, mail, time and randomness are handed in.
public struct AuthService: Sendable {
    let storage: any Storage
    let hasher: any PasswordHasher
    let tokens: AccessTokens
    let outbox: MailOutbox
    /// Where account events go for webhooks, in the transaction of each change.
    let webhooks: WebhookEvents
    /// Security events, to the log and the audit log.
    let audit: SecurityAudit
    let clock: any WallClock
    let random: any RandomSource
    let keys: ServerKeys
    let commonPasswords: CommonPasswords
    let logger: Logger
    let metrics: DoorstepMetrics
    /// The rules in force.
    public let policy: AuthPolicy
    /// A hash checked when an email has no account, so that such log-ins take as long as real ones.
    let decoyHash: String

    /// Creates the service.
    public init(
        storage: any Storage, hasher: any PasswordHasher, tokens: AccessTokens, outbox: MailOutbox,
        clock: any WallClock, random: any RandomSource, keys: ServerKeys, policy: AuthPolicy = AuthPolicy(),
        commonPasswords: CommonPasswords = .bundled, logger: Logger = Logger(label: "doorstep.auth"),
        metrics: DoorstepMetrics = .disabled, webhooks: WebhookEvents = .disabled, auditTrail: AuditTrail? = nil
    ) async throws {
        self.storage = storage
        self.hasher = hasher
        self.tokens = tokens
        self.outbox = outbox
        self.webhooks = webhooks
        self.audit = SecurityAudit(logger: logger, trail: auditTrail)
        self.clock = clock
        self.random = random
        self.keys = keys
        self.policy = policy
        self.commonPasswords = commonPasswords
        self.logger = logger
        self.metrics = metrics
        self.decoyHash = try await hasher.hash(PasswordPrehash.bcryptInput(random.token()))
    }

    /// Ends credentials and sessions by kind.
    var credentials: AccountCredentials { AccountCredentials(webhooks: webhooks) }

    /// The public keys access tokens are signed with.
    public var signingKeys: [AccessTokens.PublicKey] { tokens.publicKeys }

    // MARK: - Session issuing

    /// Opens a session for `user` inside a transaction; returns it with its first refresh token and
    /// what the account may use, read in the same transaction for its access token.
    func openSession(for user: UserRecord, meta: RequestMeta, in store: any StorageTransaction) async throws
        -> OpenedSession
    {
        guard user.disabledAt == nil else { throw ServiceError.accountDisabled }
        let now = clock.now
        var session = SessionRecord(
            id: random.uuid(), userID: user.id, createdAt: now,
            expiresAt: now.addingTimeInterval(policy.idleSessionLifetime), userAgent: meta.userAgent)
        session.deviceName = meta.device?.name
        session.deviceModel = meta.device?.model
        try await store.insertSession(session)
        let refreshToken = random.token()
        try await store.insertRefreshToken(
            RefreshTokenRecord(hash: Digests.sha256Hex(refreshToken), sessionID: session.id, createdAt: now))
        try await webhooks.enqueue(.sessionCreated, ["userId": .id(user.id), "sessionId": .id(session.id)], in: store)
        return OpenedSession(
            session: session, refreshToken: refreshToken,
            entitlements: try await Self.entitlementProducts(of: user.id, at: now, in: store))
    }

    /// The product ids of what the account may use at `now`, family-shared ones included, each once:
    /// the `entitlements` claim of its access tokens. One read.
    static func entitlementProducts(of userID: UUID, at now: Date, in store: any StorageTransaction) async throws
        -> [String]
    {
        var products: [String] = []
        for entitlement in try await store.activeEntitlements(of: userID, at: now)
        where !products.contains(entitlement.productID) {
            products.append(entitlement.productID)
        }
        return products
    }

    /// The response for a session whose transaction has committed; counted as a sign-in (or sign-up)
    /// by `method`, or as a refresh when there is none.
    func signedIn(_ user: UserRecord, _ opened: OpenedSession, isNewUser: Bool, method: SignInMethod?) async throws
        -> AuthSession
    {
        let session = opened.session
        if let method {
            metrics.signedIn(method, isNew: isNewUser)
            audit.record(.signedIn, user: user.id, session: session.id, reason: method.rawValue)
        } else {
            metrics.refreshed()
        }
        let accessToken = try await tokens.issue(
            userID: user.id, sessionID: session.id, entitlements: opened.entitlements, now: clock.now)
        return AuthSession(
            accessToken: accessToken, refreshToken: opened.refreshToken, expiresIn: Int(tokens.lifetime),
            user: user, isNewUser: isNewUser, sessionID: session.id)
    }

    /// Opens a session in its own transaction and signs the user in.
    func signIn(_ user: UserRecord, meta: RequestMeta, isNewUser: Bool, method: SignInMethod) async throws
        -> AuthSession
    {
        let opened = try await storage.transaction { store in
            try await openSession(for: user, meta: meta, in: store)
        }
        return try await signedIn(user, opened, isNewUser: isNewUser, method: method)
    }

    // MARK: - Input rules

    /// The normalized address, or 422 `validation_failed` naming `field`.
    func validEmail(_ raw: String, field: String = "email") throws(ServiceError) -> String {
        guard raw.utf8.count <= 320, !TextRules.hasControlCharacters(raw), EmailAddress.isValid(raw) else {
            throw .invalid(field, code: "invalid_email", "Please enter a valid email address.")
        }
        return EmailAddress.normalized(raw)
    }

    /// Refuses passwords outside 8–128 characters (422 `validation_failed`) and common ones (422
    /// `weak_password`).
    func checkNewPassword(_ password: String, field: String = "password") throws(ServiceError) {
        if PasswordPolicy.length(of: password) < PasswordPolicy.minimumLength {
            throw .invalid(
                field, code: "too_short", "Passwords need at least \(PasswordPolicy.minimumLength) characters.")
        }
        if PasswordPolicy.length(of: password) > PasswordPolicy.maximumLength {
            throw .invalid(
                field, code: "too_long", "Passwords can have at most \(PasswordPolicy.maximumLength) characters.")
        }
        if TextRules.hasControlCharacters(password) {
            throw .invalid(field, code: "invalid_characters", "Passwords can't contain control characters.")
        }
        if commonPasswords.contains(password) {
            var error = ServiceError.weakPassword
            error.fieldProblems = [
                FieldIssue(field: field, code: "weak_password", message: "That password is too common.")
            ]
            throw error
        }
    }

    /// A full name typed in one field, trimmed and kept whole (nil when absent or blank), or 422 naming
    /// `name`: its words are never split into a first and a last name, which would guess wrong for
    /// "Ludwig van Beethoven" or "Gabriel García Márquez".
    static func validFullName(_ raw: String?) throws(ServiceError) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return nil }
        // As sent, in code points, as the API's schema counts it.
        guard raw.unicodeScalars.count <= TextRules.maximumFullNameLength else {
            throw .invalid("name", code: "invalid_name", "Please enter a name of at most 201 characters.")
        }
        guard TextRules.isValidName(name, maximumLength: TextRules.maximumFullNameLength) else {
            throw .invalid("name", code: "invalid_name", "Please enter a name using letters only.")
        }
        return name
    }

    /// A trimmed optional name (nil when absent or blank), or 422 naming `field`.
    static func validName(_ raw: String?, field: String) throws(ServiceError) -> String? {
        guard let raw else { return nil }
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { return nil }
        guard raw.unicodeScalars.count <= 100, TextRules.isValidName(name) else {
            throw .invalid(field, code: "invalid_name", "Please enter a name using letters only.")
        }
        return name
    }

    func hashPassword(_ password: String) async throws -> String {
        try await hasher.hash(PasswordPrehash.bcryptInput(password))
    }

    func passwordMatches(_ password: String, _ hash: String?) async throws -> Bool {
        if let imported = ImportedPasswordHash(stored: hash) {
            return try await hasher.verify(password, imported: imported, firebase: keys.firebaseScrypt)
        }
        return try await hasher.verify(PasswordPrehash.bcryptInput(password), against: hash ?? decoyHash) && hash != nil
    }

    /// The account with Doorstep's hash of its password in place of the imported one, which is gone
    /// from the store from this transaction on; unchanged if the hash changed meanwhile.
    func replaceImportedHash(of user: UserRecord, with rehash: String, in store: any StorageTransaction)
        async throws -> UserRecord
    {
        guard var current = try await store.user(id: user.id), current.passwordHash == user.passwordHash else {
            return user
        }
        current.passwordHash = rehash
        try await store.updateUser(current)
        logger.info("imported password replaced", metadata: ["user": "\(user.id)"])
        return current
    }
}

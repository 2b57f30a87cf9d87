import DoorstepFlow
import Foundation
import Logging

/// Passkey ceremonies: options with single-use challenges, registration to an account, sign-in
/// with the same session every other sign-in gives, and the list and removal of an account's passkeys.
public struct PasskeyService: Sendable {
    let storage: any Storage
    let verifier: PasskeyVerifier
    /// Adding a passkey needs a recent sign-in.
    let recentSignIn: RecentSignInService
    /// Opens the session a passkey signs in to, as every other sign-in does.
    let issuer: SessionIssuer
    let outbox: MailOutbox
    let context: ServiceContext

    /// The repositories passkey ceremonies touch.
    typealias Store = UserRepository & PasskeyRepository & IdentityRepository & OutboxRepository & SessionIssuer.Store
    /// How long a challenge is accepted.
    public static let challengeLifetime: TimeInterval = 300

    var party: PasskeyRelyingParty { verifier.party }

    /// Creates the service for `party`.
    init(
        storage: any Storage, party: PasskeyRelyingParty, recentSignIn: RecentSignInService, issuer: SessionIssuer,
        outbox: MailOutbox, context: ServiceContext
    ) {
        self.storage = storage
        self.verifier = PasskeyVerifier(party: party)
        self.recentSignIn = recentSignIn
        self.issuer = issuer
        self.outbox = outbox
        self.context = context
    }

    // MARK: - Registration

    /// Options for adding a passkey to `user`'s account; their passkeys are excluded.
    ///
    /// Adding a passkey needs a recent sign-in and, for an account with an email, a verified one: a
    /// passkey added to an address nobody proved would outlive the owner's proving it.
    public func registrationOptions(for caller: Caller) async throws -> CreationOptions {
        let user = try await recentSignIn.requireRecentSignIn(caller)
        if user.email != nil, !user.emailVerified {
            throw ServiceError(
                status: 403, code: .emailNotVerified, detail: "Confirm your email before adding a passkey.")
        }
        let challenge = try await issueChallenge(.registration, userID: user.id)
        let existing = try await storage.read { (store: any Store) in try await store.passkeys(userID: user.id) }
        let name = user.email ?? "Guest"
        let displayName = user.displayName ?? ""
        return CreationOptions(
            rp: .init(id: party.id, name: party.name),
            user: .init(
                id: Self.userHandle(user.id), name: name, displayName: displayName.isEmpty ? name : displayName),
            challenge: challenge, pubKeyCredParams: COSEKey.supportedAlgorithms.map { .init(alg: $0) },
            timeout: Int(Self.challengeLifetime * 1_000),
            excludeCredentials: existing.map { CredentialDescriptor(id: $0.id) },
            authenticatorSelection: .init(userVerification: party.requiresUserVerification ? "required" : "preferred"))
    }

    /// Verifies a new credential and keeps it on `user`'s account.
    public func register(
        _ response: RegistrationResponse, for user: UserRecord, name: String? = nil
    ) async throws -> PasskeyRecord {
        guard let clientDataJSON = Base64URL.decode(response.response.clientDataJSON),
            let attestationObject = Base64URL.decode(response.response.attestationObject)
        else { throw PasskeyError.malformed("clientDataJSON and attestationObject must be base64url") }
        let challenge = try await takeChallenge(in: clientDataJSON, ceremony: .registration, userID: user.id)
        let verified = try verifier.verifyRegistration(
            clientDataJSON: clientDataJSON, attestationObject: attestationObject, challenge: challenge)
        let id = Base64URL.encode(verified.credentialID)
        guard response.id == id || Base64URL.decode(response.id) == verified.credentialID else {
            throw PasskeyError.malformed("the response's id is not the attested credential's")
        }
        let now = context.clock.now
        let record = PasskeyRecord(
            id: id, userID: user.id, publicKey: Base64URL.encode(CBOREncoder.encode(verified.publicKey.cbor)),
            signCount: verified.signCount, backupEligible: verified.backupEligible, backedUp: verified.backedUp,
            name: Self.name(name, backedUp: verified.backupEligible), createdAt: now)
        do {
            try await storage.transaction { (store: any Store) in
                try await store.insertPasskey(record)
                if let email = user.email {
                    try await outbox.enqueue(
                        .passkeyAdded, to: email, values: [:], language: user.language, in: store)
                }
                try await context.webhooks.enqueue(
                    .passkeyAdded,
                    [
                        "userId": .id(user.id), "passkeyId": .string(record.id),
                        "backupEligible": .bool(record.backupEligible),
                    ], in: store)
            }
        } catch StorageError.duplicatePasskey {
            throw PasskeyError.alreadyRegistered
        }
        outbox.wake()
        context.audit.record(.passkeyAdded, user: user.id, reason: "attestation=\(verified.attestation)")
        return record
    }

    // MARK: - Sign-in

    /// Options for signing in with any passkey of this site.
    public func authenticationOptions() async throws -> RequestOptions {
        let challenge = try await issueChallenge(.authentication, userID: nil)
        return RequestOptions(
            challenge: challenge, timeout: Int(Self.challengeLifetime * 1_000), rpId: party.id, allowCredentials: [],
            userVerification: party.requiresUserVerification ? "required" : "preferred")
    }

    /// Verifies an assertion and signs its account in.
    public func authenticate(_ response: AuthenticationResponse, meta: RequestMeta) async throws -> AuthSession {
        do {
            return try await signIn(response, meta: meta)
        } catch let error as PasskeyError {
            context.metrics.signInFailed(.passkey, reason: error.serviceError.code.rawValue)
            throw error
        }
    }

    private func signIn(_ response: AuthenticationResponse, meta: RequestMeta) async throws -> AuthSession {
        guard let clientDataJSON = Base64URL.decode(response.response.clientDataJSON),
            let authenticatorData = Base64URL.decode(response.response.authenticatorData),
            let signature = Base64URL.decode(response.response.signature),
            let credentialID = Base64URL.decode(response.rawId.isEmpty ? response.id : response.rawId)
        else { throw PasskeyError.malformed("the assertion's fields must be base64url") }
        let challenge = try await takeChallenge(in: clientDataJSON, ceremony: .authentication, userID: nil)
        let id = Base64URL.encode(credentialID)
        let found = try await storage.read { (store: any Store) -> (PasskeyRecord, UserRecord)? in
            guard let passkey = try await store.passkey(id: id), let user = try await store.user(id: passkey.userID)
            else { return nil }
            return (passkey, user)
        }
        guard let (passkey, user) = found else { throw PasskeyError.unknownCredential }
        if let handle = response.response.userHandle, !handle.isEmpty, handle != Self.userHandle(user.id) {
            throw PasskeyError.unknownCredential
        }
        guard let keyBytes = Base64URL.decode(passkey.publicKey), let key = try? COSEKey(CBORDecoder.decode(keyBytes))
        else { throw PasskeyError.unknownCredential }
        let verified = try verifier.verifyAssertion(
            clientDataJSON: clientDataJSON, authenticatorData: authenticatorData, signature: signature,
            challenge: challenge, publicKey: key, storedSignCount: passkey.signCount,
            storedBackupEligible: passkey.backupEligible)
        var used = passkey
        used.signCount = verified.signCount
        used.backedUp = verified.backedUp
        used.lastUsedAt = context.clock.now
        let updated = used
        let opened = try await storage.transaction { (store: any Store) in
            try await store.updatePasskey(updated)
            return try await issuer.openSession(for: user, meta: meta, in: store)
        }
        return try await issuer.signedIn(user, opened, isNewUser: false, method: .passkey)
    }

    // MARK: - The account's passkeys

    /// The account's passkeys, oldest first.
    public func passkeys(of userID: UUID) async throws -> [PasskeyRecord] {
        try await storage.read { (store: any Store) in try await store.passkeys(userID: userID) }
    }

    /// Removes one of the account's passkeys; another account's is unknown. The last way into an
    /// account (a guest's only passkey, with no address, password or provider) stays.
    public func delete(id: String, of userID: UUID) async throws {
        try await storage.transaction { (store: any Store) in
            guard let passkey = try await store.passkey(id: id), passkey.userID == userID else {
                throw PasskeyError.unknownCredential
            }
            if let user = try await store.user(id: userID), user.email == nil, user.passwordHash == nil,
                try await store.identities(userID: userID).isEmpty,
                try await store.passkeys(userID: userID).count == 1
            {
                throw ServiceError(
                    status: 409, code: "last_way_in",
                    detail: "This passkey is the only way into your account. Add an email first.")
            }
            try await store.deletePasskey(id: id)
            try await context.webhooks.enqueue(
                .passkeyRemoved, ["userId": .id(userID), "passkeyId": .string(id)], in: store)
        }
        context.audit.record(.passkeyRemoved, user: userID)
    }

    /// Renames one of the account's passkeys (1–64 characters, no control characters).
    public func rename(id: String, of userID: UUID, to raw: String) async throws -> PasskeyRecord {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, raw.unicodeScalars.count <= 64, !TextRules.hasControlCharacters(name) else {
            throw ServiceError.invalid("name", code: "invalid_name", "Give the passkey a name of up to 64 characters.")
        }
        return try await storage.transaction { (store: any Store) in
            guard var passkey = try await store.passkey(id: id), passkey.userID == userID else {
                throw PasskeyError.unknownCredential
            }
            passkey.name = name
            try await store.updatePasskey(passkey)
            return passkey
        }
    }

    // MARK: - Challenges

    private func issueChallenge(_ ceremony: PasskeyChallengeRecord.Ceremony, userID: UUID?) async throws -> String {
        let challenge = context.random.bytes(32)
        let now = context.clock.now
        try await storage.transaction { (store: any Store) in
            try await store.deletePasskeyChallenges(expiredBefore: now)
            try await store.insertPasskeyChallenge(
                PasskeyChallengeRecord(
                    hash: Digests.sha256Hex(Base64URL.encode(challenge)), ceremony: ceremony, userID: userID,
                    expiresAt: now.addingTimeInterval(Self.challengeLifetime)))
        }
        return Base64URL.encode(challenge)
    }

    /// The challenge the client data answers, taken from the store so it cannot answer twice; refused
    /// when it is unknown, expired, of the other ceremony, or issued to another account.
    private func takeChallenge(
        in clientDataJSON: [UInt8], ceremony: PasskeyChallengeRecord.Ceremony, userID: UUID?
    ) async throws -> [UInt8] {
        let clientData = try ClientData(json: clientDataJSON)
        let hash = Digests.sha256Hex(Base64URL.encode(clientData.challenge))
        let now = context.clock.now
        let record = try await storage.transaction { (store: any Store) in
            try await store.takePasskeyChallenge(hash: hash)
        }
        guard let record, record.ceremony == ceremony, record.expiresAt >= now, record.userID == userID else {
            throw PasskeyError.challengeInvalid
        }
        return clientData.challenge
    }

    /// The user handle of an account: its id's 16 bytes, base64url. It names no email.
    static func userHandle(_ id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { Base64URL.encode($0) }
    }

    /// The name a person gave, or one that says what kind of passkey it is and when it was added.
    static func name(_ given: String?, backedUp: Bool) -> String {
        if let given = given?.trimmingCharacters(in: .whitespacesAndNewlines), !given.isEmpty {
            return String(given.prefix(64))
        }
        return backedUp ? "Synced passkey" : "Passkey on this device"
    }
}

import DoorstepFlow
import Foundation

extension AuthService {
    /// Exchanges a code for a session. `signup` creates the account when there is none; a guest's bearer
    /// token upgrades that guest in place, keeping its id. An email owned by someone else is refused
    /// with `email_taken`, and neither account changes.
    ///
    /// A `passwordReset` code signs in to the account it was mailed for and lets that session choose a
    /// new password without the old one while its sign-in is recent (``setPassword(newPassword:currentPassword:caller:)``),
    /// so a wrong code is found out before the new password is typed.
    public func verifyCode(email raw: String, code: String, purpose: CodePurpose, meta: RequestMeta) async throws
        -> AuthSession
    {
        let email = try validEmail(raw)
        try checkCodeShape(code)
        guard CodePurpose.verifiable.contains(purpose) else {
            throw ServiceError.invalid(
                "purpose", code: "not_an_option", "The purpose must be signup, login, verifyEmail or passwordReset.")
        }
        let resetting = purpose == .passwordReset
        let caller = try await meta.bearerToken.asyncMap { try await authenticate(bearer: $0) }
        let outcome = try await storage.transaction { store -> SignInOutcome in
            let check = try await checkCode(code, email: email, purpose: purpose, in: store)
            guard check == .valid else { return .failed(check) }
            let now = clock.now
            let existing = try await store.user(email: email)
            if !resetting, let caller, var guest = try await store.user(id: caller.userID), guest.isGuest {
                if let existing, existing.id != guest.id { throw ServiceError.emailTaken }
                guest.email = email
                guest.emailVerified = true
                guest.isGuest = false
                guest.updatedAt = now
                try await store.updateUser(guest)
                try await webhooks.enqueue(
                    .userUpdated,
                    ["userId": .id(guest.id), "changed": ["email", "isGuest"], "email": .string(email)], in: store)
                try await webhooks.enqueue(.emailVerified, .emailOf(guest), in: store)
                try await revoke(sessionID: caller.sessionID, at: now, in: store)
                let opened = try await openSession(for: guest, meta: meta, in: store)
                return .signedIn(guest, opened, isNew: true)
            }
            if let existing {
                // Signed in to this very account, the person who set its credentials read the code:
                // they stay. Anyone else proving the address ends what was set before it was proven.
                let user = try await proveEmail(
                    of: existing, at: now, keepingCredentials: caller?.userID == existing.id, in: store)
                if user != existing { try await store.updateUser(user) }
                if let challenge = try await secondFactorChallenge(
                    for: user, method: resetting ? .passwordReset : .code, provingReset: resetting, in: store)
                {
                    return .secondFactor(challenge, user.id)
                }
                let opened = try await openSession(for: user, meta: meta, in: store)
                if resetting { try await markResetProven(opened.session, at: now, in: store) }
                return .signedIn(user, opened, isNew: false)
            }
            guard purpose == .signup else { return .failed(.missing) }
            let user = UserRecord(
                id: random.uuid(), email: email, emailVerified: true, language: meta.language, createdAt: now)
            try await createUser(user, in: store)
            let opened = try await openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: true)
        }
        return try await finish(outcome, method: resetting ? .passwordReset : .code)
    }

    /// Creates an account with a password; its email stays unverified until the `verifyEmail` code
    /// mailed now comes back. The account, its session and its code are written in one transaction.
    /// - Parameters:
    ///   - name: a full name typed in one field, kept whole; used when `firstName` and `lastName` are not given.
    ///   - consents: the documents accepted on the form, recorded in the same transaction as the account.
    public func signUp(
        email raw: String, password: String, firstName: String?, lastName: String?, name: String? = nil,
        consents: [(document: String, version: String)] = [], meta: RequestMeta
    ) async throws -> AuthSession {
        let email = try validEmail(raw)
        try checkNewPassword(password)
        let usesFullName = firstName == nil && lastName == nil
        let fullName = usesFullName ? try Self.validFullName(name) : nil
        let first = try Self.validName(firstName, field: "firstName")
        let last = try Self.validName(lastName, field: "lastName")
        try ProfileService.checkConsents(consents)
        let hash = try await hashPassword(password)
        let now = clock.now
        let (user, opened) = try await storage.transaction { store in
            if try await store.user(email: email) != nil { throw ServiceError.emailTaken }
            let user = UserRecord(
                id: random.uuid(), email: email, firstName: first, lastName: last, fullName: fullName,
                language: meta.language, passwordHash: hash, createdAt: now)
            try await createUser(user, in: store)
            try await ProfileService.record(consents, of: user.id, at: now, in: store)
            let opened = try await openSession(for: user, meta: meta, in: store)
            try await issueCode(to: email, purpose: .verifyEmail, deliver: true, language: user.language, in: store)
            return (user, opened)
        }
        logger.info("account created", metadata: ["user": "\(user.id)", "method": "password"])
        metrics.codeSent(purpose: CodePurpose.verifyEmail.rawValue)
        outbox.wake()
        return try await signedIn(user, opened, isNewUser: true, method: .password)
    }

    /// Signs in with a password. A wrong password and an unknown email answer alike, take alike long,
    /// and count alike toward the lock-out of 5 failures in 15 minutes.
    public func logIn(email raw: String, password: String, meta: RequestMeta) async throws -> AuthSession {
        guard raw.utf8.count <= 320, !password.isEmpty,
            PasswordPolicy.length(of: password) <= PasswordPolicy.maximumLength
        else {
            throw ServiceError.invalidCredentials
        }
        let email = EmailAddress.normalized(raw)
        let now = clock.now
        // The place to hash is taken before anything is read: a log-in refused for want of one (429
        // after waiting its turn) has cost no storage.
        let (user, matches, hadFailures, rehash) = try await hasher.whenAdmitted {
            // Reads, no lock: the lock-out is a count, and a log-in racing a failure sees it or not.
            let (user, lockOut, hadFailures) = try await storage.read { store in
                (
                    try await store.user(email: email),
                    try await passwordLockOut(email: email, at: now, in: store),
                    !(try await store.loginFailures(
                        email: email, since: now.addingTimeInterval(-policy.loginFailureWindow)
                    ).isEmpty)
                )
            }
            if let lockOut {
                metrics.lockedOut()
                audit.record(.lockedOut, user: user?.id)
                throw ServiceError.tooManyAttempts(retryAfter: lockOut)
            }
            let matches = try await passwordMatches(password, user?.passwordHash)
            // An imported hash that matched is replaced by Doorstep's own at once, in the same place to hash.
            let rehash =
                matches && ImportedPasswordHash(stored: user?.passwordHash) != nil
                ? try await hasher.hash(PasswordPrehash.bcryptInput(password)) : nil
            return (user, matches, hadFailures, rehash)
        }
        guard matches, let user else {
            try await storage.transaction { try await recordPasswordFailure(email: email, at: now, in: $0) }
            metrics.signInFailed(.password, reason: ErrorCode.invalidCredentials.rawValue)
            audit.record(.logInFailed, user: user?.id)
            throw ServiceError.invalidCredentials
        }
        let outcome = try await storage.transaction { store -> SignInOutcome in
            if hadFailures { try await store.clearLoginFailures(email: email) }
            var user = user
            if let rehash { user = try await replaceImportedHash(of: user, with: rehash, in: store) }
            if let challenge = try await secondFactorChallenge(for: user, method: .password, in: store) {
                return .secondFactor(challenge, user.id)
            }
            let opened = try await openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: false)
        }
        return try await finish(outcome, method: .password)
    }

    /// Creates an anonymous account and signs it in.
    public func continueAsGuest(meta: RequestMeta) async throws -> AuthSession {
        let user = UserRecord(
            id: random.uuid(), email: nil, language: meta.language, isGuest: true, createdAt: clock.now)
        let opened = try await storage.transaction { store in
            try await createUser(user, in: store)
            return try await openSession(for: user, meta: meta, in: store)
        }
        return try await signedIn(user, opened, isNewUser: true, method: .guest)
    }

    /// How a sign-in transaction ended.
    enum SignInOutcome: Sendable {
        case failed(CodeCheck)
        case signedIn(UserRecord, OpenedSession, isNew: Bool)
        /// The first factor was right; the account's authenticator must complete the sign-in.
        case secondFactor(String, UUID)
    }

    func finish(_ outcome: SignInOutcome, method: SignInMethod) async throws -> AuthSession {
        switch outcome {
        case .failed(let check):
            let error = codeError(check)
            if case .budgetSpent = check { audit.record(.codeBudgetSpent, reason: method.rawValue) }
            metrics.signInFailed(method, reason: error.code.rawValue)
            throw error
        case .secondFactor(let challenge, let userID):
            audit.record(.secondFactorRequired, user: userID, reason: method.rawValue)
            throw ServiceError.mfaRequired(challenge: challenge)
        case .signedIn(let user, let opened, let isNew):
            if isNew {
                logger.info("account created", metadata: ["user": "\(user.id)", "method": "\(method.rawValue)"])
            }
            return try await signedIn(user, opened, isNewUser: isNew, method: method)
        }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}

import DoorstepFlow
import Foundation

extension SignInService {
    /// Creates an account with a password; its email stays unverified until the `verifyEmail` code
    /// mailed now comes back. The account, its session and its code are written in one transaction.
    /// - Parameters:
    ///   - name: a full name typed in one field, kept whole; used when `firstName` and `lastName` are not given.
    ///   - consents: the documents accepted on the form, recorded in the same transaction as the account.
    public func signUp(
        email raw: String, password: String, firstName: String?, lastName: String?, name: String? = nil,
        consents: [(document: String, version: String)] = [], meta: RequestMeta
    ) async throws -> AuthSession {
        let email = try rules.validEmail(raw)
        try rules.checkNewPassword(password)
        let usesFullName = firstName == nil && lastName == nil
        let fullName = usesFullName ? try InputRules.validFullName(name) : nil
        let first = try InputRules.validName(firstName, field: "firstName")
        let last = try InputRules.validName(lastName, field: "lastName")
        try ProfileService.checkConsents(consents)
        let hash = try await hashing.hash(password)
        let now = context.clock.now
        let (user, opened) = try await storage.transaction { (store: any Store) in
            if try await store.user(email: email) != nil { throw ServiceError.emailTaken }
            let user = UserRecord(
                id: context.random.uuid(), email: email, firstName: first, lastName: last, fullName: fullName,
                language: meta.language, passwordHash: hash, createdAt: now)
            try await accounts.create(user, in: store)
            try await ProfileService.record(consents, of: user.id, at: now, in: store)
            let opened = try await issuer.openSession(for: user, meta: meta, in: store)
            try await codes.issue(to: email, purpose: .verifyEmail, deliver: true, language: user.language, in: store)
            return (user, opened)
        }
        context.logger.info("account created", metadata: ["user": "\(user.id)", "method": "password"])
        context.metrics.codeSent(purpose: CodePurpose.verifyEmail.rawValue)
        outbox.wake()
        return try await issuer.signedIn(user, opened, isNewUser: true, method: .password)
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
        let now = context.clock.now
        // The place to hash is taken before anything is read: a log-in refused for want of one (429
        // after waiting its turn) has cost no storage.
        let (user, matches, hadFailures, rehash) = try await hashing.whenAdmitted {
            // Reads, no lock: the lock-out is a count, and a log-in racing a failure sees it or not.
            let (user, lockOut, hadFailures) = try await storage.read { (store: any Store) in
                (
                    try await store.user(email: email),
                    try await budgets.passwordLockOut(email: email, at: now, in: store),
                    !(try await store.loginFailures(
                        email: email, since: now.addingTimeInterval(-policy.loginFailureWindow)
                    ).isEmpty)
                )
            }
            if let lockOut {
                context.metrics.lockedOut()
                context.audit.record(.lockedOut, user: user?.id)
                throw ServiceError.tooManyAttempts(retryAfter: lockOut)
            }
            let matches = try await hashing.matches(password, user?.passwordHash)
            // An imported hash that matched is replaced by Doorstep's own at once, in the same place to hash.
            let rehash = try await hashing.rehash(password, ifImported: user?.passwordHash, matched: matches)
            return (user, matches, hadFailures, rehash)
        }
        guard matches, let user else {
            try await storage.transaction { (store: any Store) in
                try await budgets.recordPasswordFailure(email: email, at: now, in: store)
            }
            context.metrics.signInFailed(.password, reason: ErrorCode.invalidCredentials.rawValue)
            context.audit.record(.logInFailed, user: user?.id)
            throw ServiceError.invalidCredentials
        }
        let outcome = try await storage.transaction { (store: any Store) -> SignInOutcome in
            if hadFailures { try await store.clearLoginFailures(email: email) }
            var user = user
            if let rehash { user = try await hashing.replaceImportedHash(of: user, with: rehash, in: store) }
            if let challenge = try await secondFactor.challenge(for: user, method: .password, in: store) {
                return .secondFactor(challenge, user.id)
            }
            let opened = try await issuer.openSession(for: user, meta: meta, in: store)
            return .signedIn(user, opened, isNew: false)
        }
        return try await issuer.finish(outcome, method: .password)
    }
}

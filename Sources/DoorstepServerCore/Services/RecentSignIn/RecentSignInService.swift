import DoorstepFlow
import Foundation

/// Recent sign-in: the changes that could lock an owner out ask that the session proved who it is
/// within the last few minutes, and a session proves it again with a password or a mailed code
/// (and the authenticator app, where one is in force).
public struct RecentSignInService: Sendable {
    let storage: any Storage
    let policy: AuthPolicy
    let codes: OneTimeCodes
    let secondFactor: SecondFactorCheck
    let passwords: PasswordHashing
    let budgets: FailureBudgets
    let context: ServiceContext

    /// The repositories proving a sign-in again touches.
    typealias Store = OneTimeCodes.Store & FailureBudgets.Store & SecondFactorCheck.Store & SessionRepository

    /// The caller's account, when the session proved who it is within the last few minutes (its sign-in
    /// or a re-authentication); otherwise 403 `reauthentication_required`. Deleting the account, adding
    /// a passkey and setting a password ask this, so a session taken over (an unlocked phone, a stolen
    /// token) cannot lock its owner out. A guest has nothing else to prove and passes. An account
    /// without an email address (an Apple or Google sign-in that kept it) has nothing to prove itself
    /// with here either, but it has an owner to protect: its session must be a recent sign-in, and the
    /// refusal asks the person to sign in again.
    @discardableResult
    public func requireRecentSignIn(_ caller: Caller) async throws -> UserRecord {
        let now = context.clock.now
        guard
            let (session, user) = try await storage.readSessionAndUser(sessionID: caller.sessionID),
            session.userID == caller.userID,
            session.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime)
        else { throw ServiceError.sessionRevoked }
        guard !user.isGuest, now.timeIntervalSince(session.authenticatedAt) > policy.recentSignInWindow else {
            return user
        }
        context.audit.record(.reauthenticationRequired, user: user.id, session: session.id)
        throw user.email == nil ? ServiceError.signInAgainRequired : ServiceError.reauthenticationRequired
    }

    /// Proves again who the caller is — with the account's password, or with a `login` code mailed to its
    /// address (`POST /v1/auth/code`) — so that changes needing a recent sign-in go through. Wrong
    /// passwords count toward the log-in lock-out and wrong codes toward the address's code budget.
    ///
    /// It is as strong as a sign-in: an account with an authenticator app in force also gives its
    /// current code (or a recovery code) as `secondFactorCode`, else 403 `mfa_code_required`, so a
    /// stolen session and a leaked password cannot add a passkey that signs in without the app.
    public func reauthenticate(
        password: String?, code: String?, secondFactorCode: String? = nil, caller: Caller
    ) async throws {
        let now = context.clock.now
        guard let user = try await storage.read({ (store: any Store) in try await store.user(id: caller.userID) }),
            let email = user.email
        else { throw ServiceError.unauthenticated }
        // Asked for before the first factor is checked, so a mailed code is not spent on a try that
        // cannot succeed.
        let hasSecondFactor = try await storage.read { (store: any Store) in
            try await store.secondFactor(userID: user.id)?.confirmedAt != nil
        }
        if hasSecondFactor, (secondFactorCode ?? "").isEmpty { throw SecondFactorCheck.codeRequired }
        switch (password, code) {
        case (let password?, nil):
            try await confirmPassword(password, of: user, email: email, at: now)
        case (nil, let code?):
            try codes.checkShape(code)
            let check = try await storage.transaction { (store: any Store) in
                try await codes.check(code, email: email, purpose: .login, in: store)
            }
            guard check == .valid else { throw check.error }
        default:
            throw ServiceError.invalid("password", code: "required", "Enter your password or the code we emailed you.")
        }
        // A wrong app code is committed as a failure (it counts toward the account's budget) and then
        // refused, as at sign-in.
        let refusal = try await storage.transaction { (store: any Store) -> ServiceError? in
            if let factor = try await store.secondFactor(userID: user.id), factor.confirmedAt != nil {
                guard let secondFactorCode, secondFactorCode.utf8.count <= 32 else {
                    return SecondFactorCheck.wrongCode
                }
                do {
                    try await secondFactor.prove(secondFactorCode, of: factor, at: now, in: store)
                } catch let error as ServiceError {
                    return error
                }
            }
            guard var session = try await store.session(id: caller.sessionID), session.userID == caller.userID,
                session.isActive(at: now, absoluteLifetime: policy.absoluteSessionLifetime)
            else { throw ServiceError.sessionRevoked }
            session.authenticatedAt = now
            try await store.updateSession(session)
            return nil
        }
        if let refusal { throw refusal }
        context.audit.record(.reauthenticated, user: user.id, session: caller.sessionID)
    }

    /// Checks the account's password as a log-in does: the lock-out first, a failure counted.
    func confirmPassword(_ password: String, of user: UserRecord, email: String, at now: Date) async throws {
        guard !password.isEmpty, PasswordPolicy.length(of: password) <= PasswordPolicy.maximumLength else {
            throw ServiceError.invalidCredentials
        }
        if let lockOut = try await storage.read({ (store: any Store) in
            try await budgets.passwordLockOut(email: email, at: now, in: store)
        }) {
            context.audit.record(.lockedOut, user: user.id)
            throw ServiceError.tooManyAttempts(retryAfter: lockOut)
        }
        guard try await passwords.matches(password, user.passwordHash) else {
            try await storage.transaction { (store: any Store) in
                try await budgets.recordPasswordFailure(email: email, at: now, in: store)
            }
            context.audit.record(.logInFailed, user: user.id, reason: "current_password")
            throw ServiceError.invalidCredentials
        }
    }
}

import Crypto
import DoorstepFlow
import Foundation

/// The authenticator app's part of a sign-in, shared by every feature that asks for it: a challenge
/// for a sign-in that needs the app, and checking an app code or a recovery code against the
/// account's budget of wrong codes, inside the caller's transaction.
struct SecondFactorCheck: Sendable {
    /// Keys the stored hashes of recovery codes.
    let codeKey: SymmetricKey
    /// Seals the authenticator secrets at rest.
    let sealer: SealingKey
    let policy: AuthPolicy
    let context: ServiceContext

    /// The repositories checking a second factor touches.
    typealias Store = SecondFactorRepository & SecurityLedgerRepository

    /// Creates the check with keys derived from the server's.
    init(keys: ServerKeys, policy: AuthPolicy, context: ServiceContext) {
        self.codeKey = keys.codeKey
        self.sealer = SealingKey(keys: keys, purpose: "doorstep second factor secrets")
        self.policy = policy
        self.context = context
    }

    /// How long a sign-in waits for its second factor.
    static let challengeLifetime: TimeInterval = 5 * 60
    /// Wrong codes one waiting sign-in may take.
    static let maxTries = 5
    /// The method a waiting sign-in records when it is a reset code's: counted as `password_reset`, and
    /// the one whose completion grants the reset right.
    static let resetProofMethod = "password_reset_proof"

    /// A challenge for the second factor when `user` has one in force, else nil: the sign-in then opens
    /// no session until the challenge is completed.
    /// - Parameter provingReset: the sign-in is a reset code's (``SignInService/verifyCode(email:code:purpose:meta:)``),
    ///   so completing it grants the right to choose a new password without the old one.
    /// - Parameter settingPassword: the hash of the password a one-step reset sets once the challenge is
    ///   completed, and not before.
    func challenge(
        for user: UserRecord, method: SignInMethod, provingReset: Bool = false, settingPassword: String? = nil,
        in store: any SecondFactorRepository
    ) async throws -> String? {
        guard let factor = try await store.secondFactor(userID: user.id), factor.confirmedAt != nil else { return nil }
        let challenge = context.random.token()
        let now = context.clock.now
        try await store.insertSecondFactorChallenge(
            SecondFactorChallengeRecord(
                hash: Digests.sha256Hex(challenge), userID: user.id,
                method: provingReset ? Self.resetProofMethod : method.rawValue,
                expiresAt: now.addingTimeInterval(Self.challengeLifetime), pendingPasswordHash: settingPassword))
        return challenge
    }

    /// Checks a code from the app, or a recovery code, against the account; a used app code or step is
    /// refused, and every wrong code counts toward the account's budget of wrong codes.
    func prove(_ code: String, of factor: SecondFactorRecord, at now: Date, in store: any Store) async throws {
        let compact = code.filter { !$0.isWhitespace && $0 != "-" }.lowercased()
        if compact.count == 10 {
            try await checkBudget(of: factor.userID, at: now, in: store)
            guard
                try await store.useRecoveryCode(
                    userID: factor.userID, hash: recoveryCodeHash(compact, userID: factor.userID), at: now)
            else {
                try await markFailure(of: factor.userID, at: now, in: store)
                throw Self.wrongCode
            }
            context.audit.record(.recoveryCodeUsed, user: factor.userID)
            return
        }
        var factor = factor
        factor.lastStep = try await acceptedStep(compact, of: factor, at: now, in: store)
        try await store.saveSecondFactor(factor)
    }

    /// The step of a right, unused app code; a wrong or replayed one is counted and refused.
    func acceptedStep(
        _ code: String, of factor: SecondFactorRecord, at now: Date, in store: any SecurityLedgerRepository
    ) async throws -> Int64 {
        try await checkBudget(of: factor.userID, at: now, in: store)
        guard let sealed = Data(base64Encoded: factor.sealedSecret), let secret = try? sealer.open(sealed) else {
            throw ServiceError(status: 409, code: "mfa_unreadable", detail: "Add your authenticator app again.")
        }
        guard let step = TOTP(secret: secret).matchingStep(code, at: now), step > factor.lastStep else {
            try await markFailure(of: factor.userID, at: now, in: store)
            throw Self.wrongCode
        }
        return step
    }

    private func checkBudget(of userID: UUID, at now: Date, in store: any SecurityLedgerRepository) async throws {
        let failures = try await store.marks(
            .failedSecondFactor, subject: userID.lowercasedText, since: now.addingTimeInterval(-policy.failedCodeWindow)
        )
        guard failures.totalWeight < policy.maxFailedCodes else {
            let wait = failures.wait(untilBelow: policy.maxFailedCodes, window: policy.failedCodeWindow, now: now)
            throw ServiceError.codeBudgetSpent(retryAfter: Int(wait.rounded(.up)))
        }
    }

    private func markFailure(of userID: UUID, at now: Date, in store: any SecurityLedgerRepository) async throws {
        try await store.mark(
            .failedSecondFactor, subject: userID.lowercasedText, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-policy.failedCodeWindow))
    }

    func recoveryCodeHash(_ code: String, userID: UUID) -> String {
        Digests.hmacHex("recovery\u{1F}\(userID.lowercasedText)\u{1F}\(code)", key: codeKey)
    }

    static let wrongCode = ServiceError(
        status: 422, code: .invalidCode, detail: "That code isn't right. Enter the current code from your app.")
    static let codeRequired = ServiceError(
        status: 403, code: .mfaCodeRequired, detail: "Enter the code from your authenticator app.")
}

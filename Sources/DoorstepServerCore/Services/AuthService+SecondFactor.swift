import DoorstepFlow
import Foundation

/// What an app shows to enrol an authenticator: the secret to type, the `otpauth://` URL its QR code
/// holds, and the recovery codes to keep (shown this once; they work once the app is confirmed).
public struct SecondFactorEnrolment: Sendable, Hashable {
    /// The secret in Base32, as people type it.
    public var secret: String
    /// The URL an authenticator app reads from the QR code.
    public var provisioningURL: String
    /// The QR code of ``provisioningURL``, as SVG.
    public var qrCodeSVG: String
    /// Ten single-use recovery codes (`xxxxx-xxxxx`), kept only as keyed hashes.
    public var recoveryCodes: [String]
}

extension AuthService {
    /// How long a sign-in waits for its second factor.
    static let secondFactorChallengeLifetime: TimeInterval = 5 * 60
    /// Wrong codes one waiting sign-in may take.
    static let maxSecondFactorTries = 5
    /// Recovery codes made at enrolment, each good once.
    static let recoveryCodeCount = 10

    var secondFactorSealer: SealingKey { SealingKey(keys: keys, purpose: "doorstep second factor secrets") }

    // MARK: - Enrolment

    /// Starts enrolling an authenticator app: a fresh 160-bit secret, sealed at rest, not yet in force.
    /// Needs a recent sign-in and an account whose address is proven: an authenticator set on an address
    /// nobody proved would survive its owner proving it, and lock the owner out.
    public func beginSecondFactorEnrolment(_ caller: Caller, issuer: String) async throws -> SecondFactorEnrolment {
        let user = try await requireRecentSignIn(caller)
        guard let email = user.email else {
            throw ServiceError(
                status: 403, code: .forbidden, detail: "Create an account before adding a second factor.")
        }
        guard user.emailVerified else {
            throw ServiceError(
                status: 403, code: .emailNotVerified, detail: "Confirm your email before adding an authenticator app.")
        }
        let secret = Data(random.bytes(20))
        let recoveryCodes = (0..<Self.recoveryCodeCount).map { _ in makeRecoveryCode() }
        let now = clock.now
        try await storage.transaction { store in
            if let existing = try await store.secondFactor(userID: user.id), existing.confirmedAt != nil {
                throw Self.secondFactorAlreadyOn
            }
            try await store.saveSecondFactor(
                SecondFactorRecord(
                    userID: user.id, sealedSecret: try secondFactorSealer.seal(secret).base64EncodedString(),
                    createdAt: now))
            try await store.replaceRecoveryCodes(
                userID: user.id, hashes: recoveryCodes.map { recoveryCodeHash($0, userID: user.id) })
        }
        let url = TOTP(secret: secret).provisioningURL(account: email, issuer: issuer)
        let qrCode = try QRCode(Data(url.utf8))
        return SecondFactorEnrolment(
            secret: Base32.encode(secret), provisioningURL: url,
            qrCodeSVG: qrCode.svg(title: "QR code to add \(issuer) to your authenticator app"),
            recoveryCodes: recoveryCodes.map { $0.prefix(5) + "-" + $0.dropFirst(5) })
    }

    /// Puts the authenticator in force with its first code; the recovery codes given at enrolment work
    /// from now on.
    public func confirmSecondFactor(_ caller: Caller, code: String) async throws {
        let now = clock.now
        try await storage.transaction { store in
            guard var factor = try await store.secondFactor(userID: caller.userID), factor.confirmedAt == nil else {
                throw ServiceError(
                    status: 409, code: "mfa_not_enrolling", detail: "Start adding an authenticator app first.")
            }
            factor.lastStep = try await acceptedStep(code, of: factor, at: now, in: store)
            factor.confirmedAt = now
            try await store.saveSecondFactor(factor)
            try await webhooks.enqueue(.mfaEnabled, ["userId": .id(caller.userID), "method": "totp"], in: store)
        }
        audit.record(.secondFactorEnabled, user: caller.userID, session: caller.sessionID)
    }

    /// Turns the second factor off; needs a current code from the app (or a recovery code).
    public func disableSecondFactor(_ caller: Caller, code: String) async throws {
        let now = clock.now
        try await storage.transaction { store in
            guard let factor = try await store.secondFactor(userID: caller.userID), factor.confirmedAt != nil else {
                throw ServiceError.notFound
            }
            try await proveSecondFactor(code, of: factor, at: now, in: store)
            try await store.deleteSecondFactor(userID: caller.userID)
            try await webhooks.enqueue(.mfaDisabled, ["userId": .id(caller.userID), "method": "totp"], in: store)
        }
        audit.record(.secondFactorDisabled, user: caller.userID, session: caller.sessionID)
    }

    /// Whether the account has an authenticator in force, and its recovery codes left.
    public func secondFactorStatus(_ caller: Caller) async throws -> (enabled: Bool, recoveryCodesLeft: Int) {
        try await storage.read { store in
            guard let factor = try await store.secondFactor(userID: caller.userID), factor.confirmedAt != nil else {
                return (false, 0)
            }
            return (true, try await store.unusedRecoveryCodes(userID: caller.userID))
        }
    }

    // MARK: - Signing in

    /// A challenge for the second factor when `user` has one in force, else nil: the sign-in then opens
    /// no session until the challenge is completed.
    /// - Parameter provingReset: the sign-in is a reset code's (``verifyCode(email:code:purpose:meta:)``),
    ///   so completing it grants the right to choose a new password without the old one.
    func secondFactorChallenge(
        for user: UserRecord, method: SignInMethod, provingReset: Bool = false, in store: any StorageTransaction
    ) async throws -> String? {
        guard let factor = try await store.secondFactor(userID: user.id), factor.confirmedAt != nil else { return nil }
        let challenge = random.token()
        let now = clock.now
        try await store.insertSecondFactorChallenge(
            SecondFactorChallengeRecord(
                hash: Digests.sha256Hex(challenge), userID: user.id,
                method: provingReset ? Self.resetProofMethod : method.rawValue,
                expiresAt: now.addingTimeInterval(Self.secondFactorChallengeLifetime)))
        return challenge
    }

    /// The method a waiting sign-in records when it is a reset code's: counted as `password_reset`, and
    /// the one whose completion grants the reset right.
    static let resetProofMethod = "password_reset_proof"

    /// Completes a sign-in that answered `mfa_required`, with a code from the authenticator app or a
    /// recovery code; opens the session.
    public func completeSecondFactor(challenge: String, code: String, meta: RequestMeta) async throws -> AuthSession {
        guard !challenge.isEmpty, challenge.utf8.count <= 128 else { throw Self.challengeUnknown }
        return try await completeSecondFactor(challengeHash: Digests.sha256Hex(challenge), code: code, meta: meta)
    }

    /// Completes a waiting sign-in named by its challenge's SHA-256, for a host that keeps only the hash
    /// (the web funnel keeps it in the browser's session; the challenge itself is never stored).
    public func completeSecondFactor(challengeHash hash: String, code: String, meta: RequestMeta) async throws
        -> AuthSession
    {
        guard code.utf8.count <= 32 else { throw Self.wrongSecondFactor }
        let now = clock.now
        enum Outcome {
            case signedIn(UserRecord, OpenedSession, SignInMethod)
            case refused(ServiceError)
        }
        let outcome = try await storage.transaction { store -> Outcome in
            guard var pending = try await store.secondFactorChallenge(hash: hash), pending.expiresAt > now,
                pending.attempts < Self.maxSecondFactorTries,
                let factor = try await store.secondFactor(userID: pending.userID), factor.confirmedAt != nil,
                let user = try await store.user(id: pending.userID)
            else { return .refused(Self.challengeUnknown) }
            do {
                try await proveSecondFactor(code, of: factor, at: now, in: store)
            } catch let error as ServiceError {
                pending.attempts += 1
                try await store.updateSecondFactorChallenge(pending)
                return .refused(error)
            }
            try await store.deleteSecondFactorChallenge(hash: hash, expiredBefore: now)
            let opened = try await openSession(for: user, meta: meta, in: store)
            let provesReset = pending.method == Self.resetProofMethod
            let method = provesReset ? .passwordReset : SignInMethod(rawValue: pending.method) ?? .password
            if provesReset { try await markResetProven(opened.session, at: now, in: store) }
            return .signedIn(user, opened, method)
        }
        switch outcome {
        case .refused(let error):
            throw error
        case .signedIn(let user, let opened, let method):
            return try await signedIn(user, opened, isNewUser: false, method: method)
        }
    }

    // MARK: - Codes

    /// Checks a code from the app, or a recovery code, against the account; a used app code or step is
    /// refused, and every wrong code counts toward the account's budget of wrong codes.
    func proveSecondFactor(
        _ code: String, of factor: SecondFactorRecord, at now: Date, in store: any StorageTransaction
    ) async throws {
        let compact = code.filter { !$0.isWhitespace && $0 != "-" }.lowercased()
        if compact.count == 10 {
            try await checkSecondFactorBudget(of: factor.userID, at: now, in: store)
            guard
                try await store.useRecoveryCode(
                    userID: factor.userID, hash: recoveryCodeHash(compact, userID: factor.userID), at: now)
            else {
                try await markFailedSecondFactor(of: factor.userID, at: now, in: store)
                throw Self.wrongSecondFactor
            }
            audit.record(.recoveryCodeUsed, user: factor.userID)
            return
        }
        var factor = factor
        factor.lastStep = try await acceptedStep(compact, of: factor, at: now, in: store)
        try await store.saveSecondFactor(factor)
    }

    /// The step of a right, unused app code; a wrong or replayed one is counted and refused.
    private func acceptedStep(
        _ code: String, of factor: SecondFactorRecord, at now: Date, in store: any StorageTransaction
    ) async throws -> Int64 {
        try await checkSecondFactorBudget(of: factor.userID, at: now, in: store)
        guard let sealed = Data(base64Encoded: factor.sealedSecret),
            let secret = try? secondFactorSealer.open(sealed)
        else { throw ServiceError(status: 409, code: "mfa_unreadable", detail: "Add your authenticator app again.") }
        guard let step = TOTP(secret: secret).matchingStep(code, at: now), step > factor.lastStep else {
            try await markFailedSecondFactor(of: factor.userID, at: now, in: store)
            throw Self.wrongSecondFactor
        }
        return step
    }

    private func checkSecondFactorBudget(of userID: UUID, at now: Date, in store: any StorageTransaction) async throws {
        let failures = try await store.marks(
            .failedSecondFactor, subject: userID.lowercasedText, since: now.addingTimeInterval(-policy.failedCodeWindow)
        )
        guard failures.totalWeight < policy.maxFailedCodes else {
            let wait = failures.wait(untilBelow: policy.maxFailedCodes, window: policy.failedCodeWindow, now: now)
            throw ServiceError.codeBudgetSpent(retryAfter: Int(wait.rounded(.up)))
        }
    }

    private func markFailedSecondFactor(of userID: UUID, at now: Date, in store: any StorageTransaction) async throws {
        try await store.mark(
            .failedSecondFactor, subject: userID.lowercasedText, LedgerMark(at: now, weight: 1),
            forgettingBefore: now.addingTimeInterval(-policy.failedCodeWindow))
    }

    /// Ten characters of lowercase Base32, shown as two groups of five: about 50 bits, good once.
    private func makeRecoveryCode() -> String {
        String(Base32.encode(Data(random.bytes(7))).lowercased().prefix(10))
    }

    func recoveryCodeHash(_ code: String, userID: UUID) -> String {
        Digests.hmacHex("recovery\u{1F}\(userID.lowercasedText)\u{1F}\(code)", key: keys.codeKey)
    }

    static let secondFactorAlreadyOn = ServiceError(
        status: 409, code: "mfa_already_enabled", detail: "An authenticator app is already set up.")
    static let wrongSecondFactor = ServiceError(
        status: 422, code: .invalidCode, detail: "That code isn't right. Enter the current code from your app.")
    static let challengeUnknown = ServiceError(
        status: 401, code: .unauthenticated, detail: "This sign-in has expired. Please sign in again.")
}

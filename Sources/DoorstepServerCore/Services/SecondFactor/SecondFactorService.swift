import DoorstepFlow
import Foundation

/// An authenticator app as a second factor: enrolling it with recovery codes, putting it in force,
/// turning it off, and completing the sign-ins that wait for it.
public struct SecondFactorService: Sendable {
    let storage: any Storage
    /// Enrolling needs a recent sign-in.
    let recentSignIn: RecentSignInService
    let check: SecondFactorCheck
    let issuer: SessionIssuer
    let resetProof: PasswordResetProof
    /// Sets the password a one-step reset left waiting for the app.
    let accounts: AccountLifecycle
    let context: ServiceContext

    /// The repositories enrolling and completing a second factor touches.
    typealias Store = AccountLifecycle.Store & SecondFactorCheck.Store & SessionIssuer.Store

    /// Recovery codes made at enrolment, each good once.
    static let recoveryCodeCount = 10

    /// Starts enrolling an authenticator app: a fresh 160-bit secret, sealed at rest, not yet in force.
    /// Needs a recent sign-in and an account whose address is proven: an authenticator set on an address
    /// nobody proved would survive its owner proving it, and lock the owner out.
    public func beginSecondFactorEnrolment(_ caller: Caller, issuer: String) async throws -> SecondFactorEnrolment {
        let user = try await recentSignIn.requireRecentSignIn(caller)
        guard let email = user.email else {
            throw ServiceError(
                status: 403, code: .forbidden, detail: "Create an account before adding a second factor.")
        }
        guard user.emailVerified else {
            throw ServiceError(
                status: 403, code: .emailNotVerified, detail: "Confirm your email before adding an authenticator app.")
        }
        let secret = Data(context.random.bytes(20))
        let recoveryCodes = (0..<Self.recoveryCodeCount).map { _ in makeRecoveryCode() }
        let now = context.clock.now
        try await storage.transaction { (store: any Store) in
            if let existing = try await store.secondFactor(userID: user.id), existing.confirmedAt != nil {
                throw Self.alreadyOn
            }
            try await store.saveSecondFactor(
                SecondFactorRecord(
                    userID: user.id, sealedSecret: try check.sealer.seal(secret).base64EncodedString(),
                    createdAt: now))
            try await store.replaceRecoveryCodes(
                userID: user.id, hashes: recoveryCodes.map { check.recoveryCodeHash($0, userID: user.id) })
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
        let now = context.clock.now
        try await storage.transaction { (store: any Store) in
            guard var factor = try await store.secondFactor(userID: caller.userID), factor.confirmedAt == nil else {
                throw ServiceError(
                    status: 409, code: "mfa_not_enrolling", detail: "Start adding an authenticator app first.")
            }
            factor.lastStep = try await check.acceptedStep(code, of: factor, at: now, in: store)
            factor.confirmedAt = now
            try await store.saveSecondFactor(factor)
            try await context.webhooks.enqueue(
                .mfaEnabled, ["userId": .id(caller.userID), "method": "totp"], in: store)
        }
        context.audit.record(.secondFactorEnabled, user: caller.userID, session: caller.sessionID)
    }

    /// Turns the second factor off; needs a current code from the app (or a recovery code).
    public func disableSecondFactor(_ caller: Caller, code: String) async throws {
        let now = context.clock.now
        try await storage.transaction { (store: any Store) in
            guard let factor = try await store.secondFactor(userID: caller.userID), factor.confirmedAt != nil else {
                throw ServiceError.notFound
            }
            try await check.prove(code, of: factor, at: now, in: store)
            try await store.deleteSecondFactor(userID: caller.userID)
            try await context.webhooks.enqueue(
                .mfaDisabled, ["userId": .id(caller.userID), "method": "totp"], in: store)
        }
        context.audit.record(.secondFactorDisabled, user: caller.userID, session: caller.sessionID)
    }

    /// Whether the account has an authenticator in force, and its recovery codes left.
    public func secondFactorStatus(_ caller: Caller) async throws -> (enabled: Bool, recoveryCodesLeft: Int) {
        try await storage.read { (store: any Store) in
            guard let factor = try await store.secondFactor(userID: caller.userID), factor.confirmedAt != nil else {
                return (false, 0)
            }
            return (true, try await store.unusedRecoveryCodes(userID: caller.userID))
        }
    }

    /// Ten characters of lowercase Base32, shown as two groups of five: about 50 bits, good once.
    private func makeRecoveryCode() -> String {
        String(Base32.encode(Data(context.random.bytes(7))).lowercased().prefix(10))
    }

    static let alreadyOn = ServiceError(
        status: 409, code: "mfa_already_enabled", detail: "An authenticator app is already set up.")
}

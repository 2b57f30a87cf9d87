import Crypto
import DoorstepFlow
import Foundation

/// Mailed one-time codes: issued under the send limits with their mail in the outbox, and checked
/// against the budgets of wrong codes, each inside the caller's transaction. Sign-in, password reset,
/// email change and reauthentication all use them.
struct OneTimeCodes: Sendable {
    /// Keys the stored hashes of codes.
    let codeKey: SymmetricKey
    let policy: AuthPolicy
    let outbox: MailOutbox
    let budgets: FailureBudgets
    let context: ServiceContext

    /// The repositories issuing and checking codes touch.
    typealias Store = UserRepository & CodeRepository & SecurityLedgerRepository & OutboxRepository

    /// Applies the send limits, stores a fresh code and puts its mail in the outbox, in the same
    /// transaction (no mail when `deliver` is false: the limits still count, so a missing account
    /// cannot be told from its answers). Call `outbox.wake()` once the transaction has committed.
    func issue(
        to email: String, purpose: CodePurpose, deliver: Bool, language: String?, in store: any Store
    ) async throws {
        let now = context.clock.now
        if let previous = try await store.code(email: email, purpose: purpose),
            now.timeIntervalSince(previous.createdAt) < policy.resendAfter
        {
            throw ServiceError.rateLimited(
                retryAfter: Int((policy.resendAfter - now.timeIntervalSince(previous.createdAt)).rounded(.up)))
        }
        try await countSend(to: email, at: now, in: store)
        let code = (0..<policy.codeLength).map { _ in String(context.random.uniform(below: 10)) }.joined()
        try await store.replaceCode(
            CodeRecord(
                email: email, purpose: purpose, codeHash: hash(code, email: email, purpose: purpose),
                createdAt: now, expiresAt: now.addingTimeInterval(policy.codeLifetime)))
        guard deliver else { return }
        let kind: MailKind =
            switch purpose {
            case .passwordReset: .passwordReset
            case .verifyEmail, .emailChange: .verifyEmail
            case .login: .loginCode
            default: .signupCode
            }
        // The account's own language first: whoever asks, the mail is for the address's owner.
        let reader = try await store.user(email: email)?.language ?? language
        try await outbox.enqueue(
            kind, to: email, values: ["code": code, "minutes": String(Int(policy.codeLifetime / 60))], code: code,
            language: reader, in: store)
    }

    /// Counts a code mailed to `email` against this client's hourly share of the address's codes and
    /// against the address's own hourly limit, or refuses it when either is spent. A caller with no
    /// client (a command) is held to one client's share of the address.
    private func countSend(to email: String, at now: Date, in store: any Store) async throws {
        let sends = try await store.codeSends(email: email, since: now.addingTimeInterval(-3_600))
        let subject = budgets.clientSubject(for: email)
        let waits =
            if let subject {
                [
                    FailureBudgets.wait(
                        sends.filter { $0.client == subject }.map(\.at), limit: policy.maxCodeSendsPerHour,
                        window: 3_600, now: now),
                    FailureBudgets.wait(
                        sends.map(\.at), limit: policy.maxCodeSendsPerAddressPerHour, window: 3_600, now: now),
                ]
            } else {
                [FailureBudgets.wait(sends.map(\.at), limit: policy.maxCodeSendsPerHour, window: 3_600, now: now)]
            }
        if let wait = waits.compactMap({ $0 }).max() { throw ServiceError.rateLimited(retryAfter: wait) }
        try await store.recordCodeSend(email: email, client: subject, at: now)
    }

    func hash(_ code: String, email: String, purpose: CodePurpose) -> String {
        Digests.hmacHex("code\u{1F}\(email)\u{1F}\(purpose.rawValue)\u{1F}\(code)", key: codeKey)
    }

    /// Checks a code inside a transaction, counting a wrong try and consuming a right one. Wrong tries
    /// also count toward the budgets of wrong codes across all codes and purposes, the client's and the
    /// address's (``FailureBudgets/codeBudgetRefusal(email:waiting:at:in:)``); once one is spent, even
    /// the right code is refused.
    func check(_ code: String, email: String, purpose: CodePurpose, in store: any Store) async throws -> CodeCheck {
        let now = context.clock.now
        let waiting = try await store.code(email: email, purpose: purpose)
        if let refusal = try await budgets.codeBudgetRefusal(email: email, waiting: waiting, at: now, in: store) {
            return refusal
        }
        guard var record = waiting else {
            try await budgets.recordCodeFailure(email: email, codeWasWaiting: false, at: now, in: store)
            return .missing
        }
        if record.attempts >= policy.maxCodeAttempts { return .exhausted }
        if record.expiresAt <= now { return .expired }
        guard Digests.constantTimeEquals(record.codeHash, hash(code, email: email, purpose: purpose)) else {
            record.attempts += 1
            try await store.updateCode(record)
            try await budgets.recordCodeFailure(email: email, codeWasWaiting: true, at: now, in: store)
            return .wrong
        }
        try await store.deleteCode(email: email, purpose: purpose)
        return .valid
    }

    /// Refuses what is plainly not a code before storage is touched.
    func checkShape(_ code: String, field: String = "code") throws(ServiceError) {
        guard TextRules.isValidCode(code, length: policy.codeLength) else {
            throw .invalid(field, code: "invalid_code", "Enter the \(policy.codeLength)-digit code.")
        }
    }
}

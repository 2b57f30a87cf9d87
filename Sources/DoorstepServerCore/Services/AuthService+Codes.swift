import Crypto
import DoorstepFlow
import Foundation

extension AuthService {
    /// Whether an email has an account, and the methods it can use. Answers only when identifier-first
    /// sign-in is enabled.
    public func identify(email raw: String) async throws -> (email: String, exists: Bool, methods: [String]) {
        guard policy.identifyEnabled else { throw ServiceError.notFound }
        let email = try validEmail(raw)
        let user = try await storage.transaction { try await $0.user(email: email) }
        guard let user else { return (email, false, ["code", "password"]) }
        var methods = ["code"]
        if user.passwordHash != nil { methods.insert("password", at: 0) }
        methods += user.providers
        return (email, true, methods)
    }

    /// Mails a new code for `purpose`; only the newest code is valid. A `login` code is mailed only
    /// when the account exists, but the answer is the same either way. The mail is in the account's
    /// language, or for a new address in `language`, the one the request asked for.
    public func sendCode(
        email raw: String, purpose: CodePurpose, language: String? = nil
    ) async throws -> (expiresIn: Int, resendAfter: Int) {
        let email = try validEmail(raw)
        guard CodePurpose.requestable.contains(purpose) else {
            throw ServiceError.invalid(
                "purpose", code: "not_an_option", "The purpose must be signup, login or verifyEmail.")
        }
        let delivered = try await storage.transaction { store in
            let exists = try await store.user(email: email) != nil
            let deliver = purpose == .signup || exists
            try await issueCode(to: email, purpose: purpose, deliver: deliver, language: language, in: store)
            return deliver
        }
        if delivered { metrics.codeSent(purpose: purpose.rawValue) }
        outbox.wake()
        return (Int(policy.codeLifetime), Int(policy.resendAfter))
    }

    /// Applies the send limits, stores a fresh code and puts its mail in the outbox, in the same
    /// transaction (no mail when `deliver` is false: the limits still count, so a missing account
    /// cannot be told from its answers). Call `outbox.wake()` once the transaction has committed.
    func issueCode(
        to email: String, purpose: CodePurpose, deliver: Bool, language: String?, in store: any StorageTransaction
    ) async throws {
        let now = clock.now
        if let previous = try await store.code(email: email, purpose: purpose),
            now.timeIntervalSince(previous.createdAt) < policy.resendAfter
        {
            throw ServiceError.rateLimited(
                retryAfter: Int((policy.resendAfter - now.timeIntervalSince(previous.createdAt)).rounded(.up)))
        }
        let sends = try await store.codeSends(email: email, since: now.addingTimeInterval(-3_600))
        if sends.count >= policy.maxCodeSendsPerHour, let oldest = sends.first {
            throw ServiceError.rateLimited(
                retryAfter: Int((oldest.addingTimeInterval(3_600).timeIntervalSince(now)).rounded(.up)))
        }
        try await store.recordCodeSend(email: email, at: now)
        let code = (0..<policy.codeLength).map { _ in String(random.uniform(below: 10)) }.joined()
        try await store.replaceCode(
            CodeRecord(
                email: email, purpose: purpose, codeHash: codeHash(code, email: email, purpose: purpose),
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

    func codeHash(_ code: String, email: String, purpose: CodePurpose) -> String {
        Digests.hmacHex("code\u{1F}\(email)\u{1F}\(purpose.rawValue)\u{1F}\(code)", key: keys.codeKey)
    }

    /// How checking a code went.
    enum CodeCheck: Sendable, Equatable {
        case valid
        case wrong
        case expired
        case exhausted
        case missing
        /// The address entered too many wrong codes lately; nothing is checked for `retryAfter` seconds.
        case budgetSpent(retryAfter: Int)
    }

    /// Checks a code inside a transaction, counting a wrong try and consuming a right one. Wrong tries
    /// also count toward the budgets of wrong codes across all codes and purposes, the client's and the
    /// address's (``codeBudgetRefusal(email:waiting:at:in:)``); once one is spent, even the right code
    /// is refused.
    func checkCode(
        _ code: String, email: String, purpose: CodePurpose, in store: any StorageTransaction
    ) async throws -> CodeCheck {
        let now = clock.now
        let waiting = try await store.code(email: email, purpose: purpose)
        if let refusal = try await codeBudgetRefusal(email: email, waiting: waiting, at: now, in: store) {
            return refusal
        }
        guard var record = waiting else {
            try await recordCodeFailure(email: email, codeWasWaiting: false, at: now, in: store)
            return .missing
        }
        if record.attempts >= policy.maxCodeAttempts { return .exhausted }
        if record.expiresAt <= now { return .expired }
        guard Digests.constantTimeEquals(record.codeHash, codeHash(code, email: email, purpose: purpose)) else {
            record.attempts += 1
            try await store.updateCode(record)
            try await recordCodeFailure(email: email, codeWasWaiting: true, at: now, in: store)
            return .wrong
        }
        try await store.deleteCode(email: email, purpose: purpose)
        return .valid
    }

    /// The error a failed check answers with.
    func codeError(_ check: CodeCheck) -> ServiceError {
        switch check {
        case .expired: return .codeExpired
        case .exhausted: return .tooManyAttempts(retryAfter: nil)
        case .budgetSpent(let retryAfter): return .codeBudgetSpent(retryAfter: retryAfter)
        default: return .invalidCode
        }
    }

    /// Refuses what is plainly not a code before storage is touched.
    func checkCodeShape(_ code: String, field: String = "code") throws(ServiceError) {
        guard TextRules.isValidCode(code, length: policy.codeLength) else {
            throw .invalid(field, code: "invalid_code", "Enter the \(policy.codeLength)-digit code.")
        }
    }
}

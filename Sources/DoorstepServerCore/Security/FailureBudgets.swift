import Crypto
import Foundation

/// Wrong passwords and wrong codes are counted per address *and* per client (the address from the one
/// client that sent them), so a stranger who sends them cannot aim a lock-out at someone else:
///
/// - **Passwords**: one client locks itself out of an address after ``AuthPolicy/maxLoginFailures``
///   in ``AuthPolicy/loginFailureWindow``; the address as a whole only after
///   ``AuthPolicy/maxLoginFailuresPerAddress`` from many clients (a distributed attack, slowed) — and a
///   mailed code signs its owner in all the while.
/// - **Codes**: one client stops being heard for an address after ``AuthPolicy/maxFailedCodes`` wrong
///   ones; the address's own budget of the same size stops the guessing of the codes that were waiting
///   when it was spent, while a code mailed after that still works (its own five tries and the send
///   limits bound the guessing of it), up to ``AuthPolicy/maxFailedCodesPerAddress`` wrong codes from
///   all clients together (NIST SP 800-63B's 100), when nothing passes for the rest of the day. A wrong
///   code where none was waiting counts against the client only: there was nothing to guess.
///
/// A caller with no client (a command, a test without a network) is counted by its address alone.
/// The ledger keeps a client only as a keyed hash with the address, never the client's address.
struct FailureBudgets: Sendable {
    /// Keys the ledger subjects of clients.
    let codeKey: SymmetricKey
    let policy: AuthPolicy

    /// The repositories counting failures touches.
    typealias Store = CodeRepository & SecurityLedgerRepository

    /// The ledger subject of the current request's client trying `email`, or nil without a client.
    func clientSubject(for email: String) -> String? {
        guard let client = RequestTrace.current?.clientKey else { return nil }
        return Digests.hmacHex("client\u{1F}\(email)\u{1F}\(client)", key: codeKey)
    }

    // MARK: - Passwords

    /// The seconds to wait before `email` may try a password again from this client, or nil.
    func passwordLockOut(email: String, at now: Date, in store: any Store) async throws -> Int? {
        let since = now.addingTimeInterval(-policy.loginFailureWindow)
        let address = try await store.loginFailures(email: email, since: since)
        guard let subject = clientSubject(for: email) else {
            return Self.wait(address, limit: policy.maxLoginFailures, window: policy.loginFailureWindow, now: now)
        }
        let client = try await store.marks(.failedPasswordFromClient, subject: subject, since: since).map(\.at)
        return Self.wait(client, limit: policy.maxLoginFailures, window: policy.loginFailureWindow, now: now)
            ?? Self.wait(address, limit: policy.maxLoginFailuresPerAddress, window: policy.loginFailureWindow, now: now)
    }

    /// Counts a wrong password for `email`, against the address and this client.
    func recordPasswordFailure(email: String, at now: Date, in store: any Store) async throws {
        try await store.recordLoginFailure(email: email, at: now)
        if let subject = clientSubject(for: email) {
            try await store.mark(
                .failedPasswordFromClient, subject: subject, LedgerMark(at: now, weight: 1),
                forgettingBefore: now.addingTimeInterval(-policy.loginFailureWindow))
        }
    }

    /// The seconds until the oldest of `events` (oldest first: failures, mailed codes) that keeps them at
    /// `limit` leaves the window, or nil while they are below it.
    static func wait(_ events: [Date], limit: Int, window: TimeInterval, now: Date) -> Int? {
        guard events.count >= limit else { return nil }
        let oldest = events[events.count - limit]
        return max(1, Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up)))
    }

    // MARK: - Codes

    /// Whether a code check for `email` is refused before the code is looked at: this client spent its
    /// budget for the address, or the address spent its own and `waiting` is not a code mailed since.
    func codeBudgetRefusal(
        email: String, waiting: CodeRecord?, at now: Date, in store: any Store
    ) async throws -> CodeCheck? {
        let since = now.addingTimeInterval(-policy.failedCodeWindow)
        func spent(_ marks: [LedgerMark], _ limit: Int) -> CodeCheck {
            .budgetSpent(
                retryAfter: Int(marks.wait(untilBelow: limit, window: policy.failedCodeWindow, now: now).rounded(.up)))
        }
        let address = try await store.marks(.failedCode, subject: email, since: since)
        guard let subject = clientSubject(for: email) else {
            return address.totalWeight >= policy.maxFailedCodes ? spent(address, policy.maxFailedCodes) : nil
        }
        let client = try await store.marks(.failedCodeFromClient, subject: subject, since: since)
        if client.totalWeight >= policy.maxFailedCodes { return spent(client, policy.maxFailedCodes) }
        if address.totalWeight >= policy.maxFailedCodesPerAddress {
            return spent(address, policy.maxFailedCodesPerAddress)
        }
        guard address.totalWeight >= policy.maxFailedCodes else { return nil }
        if let waiting, let spentAt = Self.moment(address, reached: policy.maxFailedCodes),
            waiting.createdAt > spentAt
        {
            return nil
        }
        return spent(address, policy.maxFailedCodes)
    }

    /// Counts a wrong code for `email`: against this client always, against the address only when a
    /// code was waiting to be guessed.
    func recordCodeFailure(
        email: String, codeWasWaiting: Bool, at now: Date, in store: any Store
    ) async throws {
        let forgetting = now.addingTimeInterval(-policy.failedCodeWindow)
        let subject = clientSubject(for: email)
        if codeWasWaiting || subject == nil {
            try await store.mark(
                .failedCode, subject: email, LedgerMark(at: now, weight: 1), forgettingBefore: forgetting)
        }
        if let subject {
            try await store.mark(
                .failedCodeFromClient, subject: subject, LedgerMark(at: now, weight: 1), forgettingBefore: forgetting)
        }
    }

    /// When the marks (oldest first) first added up to `limit`.
    private static func moment(_ marks: [LedgerMark], reached limit: Int) -> Date? {
        var total = 0
        for mark in marks.sorted(by: { $0.at < $1.at }) {
            total += mark.weight
            if total >= limit { return mark.at }
        }
        return nil
    }
}

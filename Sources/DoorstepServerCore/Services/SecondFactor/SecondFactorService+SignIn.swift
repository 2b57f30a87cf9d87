import DoorstepFlow
import Foundation

extension SecondFactorService {
    /// Completes a sign-in that answered `mfa_required`, with a code from the authenticator app or a
    /// recovery code; opens the session. A reset's waiting password is set then, and the account's other
    /// sessions end.
    public func completeSecondFactor(challenge: String, code: String, meta: RequestMeta) async throws -> AuthSession {
        guard !challenge.isEmpty, challenge.utf8.count <= 128 else { throw Self.challengeUnknown }
        return try await completeSecondFactor(challengeHash: Digests.sha256Hex(challenge), code: code, meta: meta)
    }

    /// Completes a waiting sign-in named by its challenge's SHA-256, for a host that keeps only the hash
    /// (the web funnel keeps it in the browser's session; the challenge itself is never stored).
    public func completeSecondFactor(challengeHash hash: String, code: String, meta: RequestMeta) async throws
        -> AuthSession
    {
        guard code.utf8.count <= 32 else { throw SecondFactorCheck.wrongCode }
        let now = context.clock.now
        enum Outcome {
            case signedIn(UserRecord, OpenedSession, SignInMethod)
            case refused(ServiceError)
        }
        let outcome = try await storage.transaction { (store: any Store) -> Outcome in
            guard var pending = try await store.secondFactorChallenge(hash: hash), pending.expiresAt > now,
                pending.attempts < SecondFactorCheck.maxTries,
                let factor = try await store.secondFactor(userID: pending.userID), factor.confirmedAt != nil,
                var user = try await store.user(id: pending.userID)
            else { return .refused(Self.challengeUnknown) }
            do {
                try await check.prove(code, of: factor, at: now, in: store)
            } catch let error as ServiceError {
                pending.attempts += 1
                try await store.updateSecondFactorChallenge(pending)
                return .refused(error)
            }
            try await store.deleteSecondFactorChallenge(hash: hash, expiredBefore: now)
            if let password = pending.pendingPasswordHash {
                user = try await accounts.replacePassword(of: user, with: password, at: now, in: store)
            }
            let opened = try await issuer.openSession(for: user, meta: meta, in: store)
            let provesReset = pending.method == SecondFactorCheck.resetProofMethod
            let method = provesReset ? .passwordReset : SignInMethod(rawValue: pending.method) ?? .password
            if provesReset { try await resetProof.markProven(opened.session, at: now, in: store) }
            return .signedIn(user, opened, method)
        }
        switch outcome {
        case .refused(let error):
            throw error
        case .signedIn(let user, let opened, let method):
            return try await issuer.signedIn(user, opened, isNewUser: false, method: method)
        }
    }

    static let challengeUnknown = ServiceError(
        status: 401, code: .unauthenticated, detail: "This sign-in has expired. Please sign in again.")
}

import DoorstepFlow
import Foundation

/// How a sign-in transaction ended.
enum SignInOutcome: Sendable {
    case failed(CodeCheck)
    case signedIn(UserRecord, OpenedSession, isNew: Bool)
    /// The first factor was right; the account's authenticator must complete the sign-in.
    case secondFactor(String, UUID)
}

extension SessionIssuer {
    /// The session a sign-in transaction opened, once it has committed, or the error it ended in:
    /// a failed code, or `mfa_required` with the challenge the second factor completes.
    func finish(_ outcome: SignInOutcome, method: SignInMethod) async throws -> AuthSession {
        switch outcome {
        case .failed(let check):
            let error = check.error
            if case .budgetSpent = check { context.audit.record(.codeBudgetSpent, reason: method.rawValue) }
            context.metrics.signInFailed(method, reason: error.code.rawValue)
            throw error
        case .secondFactor(let challenge, let userID):
            context.audit.record(.secondFactorRequired, user: userID, reason: method.rawValue)
            throw ServiceError.mfaRequired(challenge: challenge)
        case .signedIn(let user, let opened, let isNew):
            if isNew {
                context.logger.info(
                    "account created", metadata: ["user": "\(user.id)", "method": "\(method.rawValue)"])
            }
            return try await signedIn(user, opened, isNewUser: isNew, method: method)
        }
    }
}

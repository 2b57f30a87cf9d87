import DoorstepFlow
import Foundation

/// How checking a code went.
enum CodeCheck: Sendable, Equatable {
    case valid
    case wrong
    case expired
    case exhausted
    case missing
    /// The address entered too many wrong codes lately; nothing is checked for `retryAfter` seconds.
    case budgetSpent(retryAfter: Int)

    /// The error a failed check answers with.
    var error: ServiceError {
        switch self {
        case .expired: return .codeExpired
        case .exhausted: return .tooManyAttempts(retryAfter: nil)
        case .budgetSpent(let retryAfter): return .codeBudgetSpent(retryAfter: retryAfter)
        default: return .invalidCode
        }
    }
}

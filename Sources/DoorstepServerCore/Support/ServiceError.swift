import DoorstepFlow

/// An error a service reports to its caller, with the HTTP status and code the contract gives it.
/// Its words are safe to show; causes that are not are logged, never put here.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// The stable code.
    public var code: ErrorCode
    /// A sentence for people.
    public var detail: String
    /// Problems with individual fields, for `validation_failed`.
    public var fieldProblems: [FieldIssue]
    /// Seconds to wait before trying again, for 429s.
    public var retryAfter: Int?
    /// For `mfa_required`: the challenge a second factor completes (`POST /v1/auth/mfa`).
    public var secondFactorChallenge: String?

    /// Creates an error.
    public init(status: Int, code: ErrorCode, detail: String, fieldProblems: [FieldIssue] = [], retryAfter: Int? = nil)
    {
        self.status = status
        self.code = code
        self.detail = detail
        self.fieldProblems = fieldProblems
        self.retryAfter = retryAfter
    }

    public var description: String { "\(status) \(code): \(detail)" }

    /// 422 with one problem per field.
    public static func validation(_ problems: [FieldIssue]) -> ServiceError {
        ServiceError(
            status: 422, code: .validationFailed, detail: "Some fields are not valid.", fieldProblems: problems)
    }

    /// 422 for one field.
    public static func invalid(_ field: String, code: String, _ message: String) -> ServiceError {
        validation([FieldIssue(field: field, code: code, message: message)])
    }

    public static let unauthenticated = ServiceError(
        status: 401, code: .unauthenticated, detail: "Sign in to continue.")
    public static let accountDisabled = ServiceError(
        status: 403, code: .accountDisabled, detail: "This account is disabled. Contact the app's support.")
    public static let invalidCredentials = ServiceError(
        status: 401, code: .invalidCredentials, detail: "The email or password is not right.")
    public static let tokenExpired = ServiceError(
        status: 401, code: .tokenExpired, detail: "The access token has expired; refresh it.")
    public static let sessionRevoked = ServiceError(
        status: 401, code: .sessionRevoked, detail: "This session has ended. Sign in again.")
    public static let refreshTokenReused = ServiceError(
        status: 401, code: .refreshTokenReused, detail: "This refresh token was already used; the session has ended.")
    public static let notFound = ServiceError(status: 404, code: .notFound, detail: "Nothing is here.")
    public static let emailTaken = ServiceError(
        status: 409, code: .emailTaken, detail: "An account already uses this email.")
    public static let invalidCode = ServiceError(
        status: 422, code: .invalidCode, detail: "That code is not right.")
    public static let codeExpired = ServiceError(
        status: 410, code: .codeExpired, detail: "That code has expired. Ask for a new one.")
    public static let weakPassword = ServiceError(
        status: 422, code: .weakPassword, detail: "That password is too common. Choose another.",
        fieldProblems: [FieldIssue(field: "password", code: "weak_password", message: "That password is too common.")])

    /// 429 with the wait before trying again.
    public static func rateLimited(retryAfter: Int) -> ServiceError {
        ServiceError(
            status: 429, code: .rateLimited, detail: "Too many requests. Try again later.",
            retryAfter: max(1, retryAfter))
    }

    /// 429 for an account or code that saw too many wrong tries.
    /// 429 once an address has entered too many wrong codes: even the right one waits until `retryAfter`
    /// seconds have passed, and the person is told roughly when that is.
    public static func codeBudgetSpent(retryAfter: Int) -> ServiceError {
        let hours = Int((Double(retryAfter) / 3_600).rounded(.up))
        return ServiceError(
            status: 429, code: .tooManyAttempts,
            detail: hours <= 1
                ? "Too many wrong codes were entered for this address. Try again in an hour."
                : "Too many wrong codes were entered for this address. Try again in \(hours) hours.",
            retryAfter: max(1, retryAfter))
    }

    /// 403 for a change that needs a sign-in within the last few minutes: the person confirms who they
    /// are (`POST /v1/auth/reauthenticate`) and tries again.
    public static let reauthenticationRequired = ServiceError(
        status: 403, code: .reauthenticationRequired,
        detail: "For your security, confirm it's you before making this change.")

    /// 403 `reauthentication_required` for an account without an email address: it has no password or
    /// mailed code to confirm with, so the person signs in again (with Apple or Google) and tries again.
    public static let signInAgainRequired = ServiceError(
        status: 403, code: .reauthenticationRequired,
        detail: "For your security, sign in again before making this change.")

    /// 401 `mfa_required`: the first factor was right; a code from the authenticator app (or a recovery
    /// code) completes the sign-in with this challenge within five minutes.
    public static func mfaRequired(challenge: String) -> ServiceError {
        var error = ServiceError(
            status: 401, code: .mfaRequired, detail: "Enter the code from your authenticator app.")
        error.secondFactorChallenge = challenge
        return error
    }

    public static func tooManyAttempts(retryAfter: Int?) -> ServiceError {
        ServiceError(
            status: 429, code: .tooManyAttempts, detail: "Too many wrong tries.",
            retryAfter: retryAfter.map { max(1, $0) })
    }
}

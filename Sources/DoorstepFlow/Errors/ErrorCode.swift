/// A stable, machine-readable error code: the one vocabulary the server answers with (the `code` of a
/// problem), the SDK reads (`ProblemCode` is this type) and effects fail with. An open set: a newer
/// server may send codes an older app does not know, and nothing breaks.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public static let malformedRequest: ErrorCode = "malformed_request"
    public static let unauthenticated: ErrorCode = "unauthenticated"
    public static let invalidCredentials: ErrorCode = "invalid_credentials"
    public static let tokenExpired: ErrorCode = "token_expired"
    public static let refreshTokenReused: ErrorCode = "refresh_token_reused"
    public static let sessionRevoked: ErrorCode = "session_revoked"
    public static let forbidden: ErrorCode = "forbidden"
    public static let emailNotVerified: ErrorCode = "email_not_verified"
    public static let notFound: ErrorCode = "not_found"
    public static let methodNotAllowed: ErrorCode = "method_not_allowed"
    public static let emailTaken: ErrorCode = "email_taken"
    public static let codeExpired: ErrorCode = "code_expired"
    public static let payloadTooLarge: ErrorCode = "payload_too_large"
    public static let unsupportedMediaType: ErrorCode = "unsupported_media_type"
    public static let validationFailed: ErrorCode = "validation_failed"
    public static let invalidCode: ErrorCode = "invalid_code"
    public static let weakPassword: ErrorCode = "weak_password"
    public static let rateLimited: ErrorCode = "rate_limited"
    public static let tooManyAttempts: ErrorCode = "too_many_attempts"
    public static let unavailable: ErrorCode = "unavailable"
    public static let secretInSnapshot: ErrorCode = "secret_in_snapshot"
    /// A change that needs a recent sign-in: confirm who the person is and try again.
    public static let reauthenticationRequired: ErrorCode = "reauthentication_required"
    /// The password, code or provider was right and the account has an authenticator app: its code
    /// completes the sign-in (`POST /v1/auth/mfa` with the problem's challenge).
    public static let mfaRequired: ErrorCode = "mfa_required"
    /// Re-authenticating an account with an authenticator app needs its code too.
    public static let mfaCodeRequired: ErrorCode = "mfa_code_required"
    /// The account already has a passkey to use here, or the browser made none.
    public static let passkeyRequired: ErrorCode = "passkey_required"
    /// An invitation to the inviter's own address.
    public static let ownAddress: ErrorCode = "own_address"
    /// An invitation to someone already in the group.
    public static let alreadyMember: ErrorCode = "already_member"
    /// The account is disabled and cannot sign in.
    public static let accountDisabled: ErrorCode = "account_disabled"
    /// A signed App Store transaction that is not Apple's, or not for this app or environment.
    public static let invalidTransaction: ErrorCode = "invalid_transaction"
    /// An App Store purchase made by, or already kept for, another account.
    public static let purchaseOfAnotherAccount: ErrorCode = "purchase_of_another_account"
    /// An App Store purchase the App Store took back (a refund, a revocation).
    public static let transactionRevoked: ErrorCode = "transaction_revoked"

    /// An attestation or an assertion that is malformed or did not verify.
    public static let attestationInvalid: ErrorCode = "attestation_invalid"
    /// The App Attest challenge is unknown, used or expired.
    public static let attestationChallengeInvalid: ErrorCode = "attestation_challenge_invalid"
    /// The key was attested already.
    public static let attestationExists: ErrorCode = "attestation_exists"
    /// The action needs proof that the request comes from the genuine app, and the request has none.
    public static let attestationRequired: ErrorCode = "attestation_required"

    // What only a host says, never the server.

    /// The person closed a sheet or picker: the flow stays where it was, quietly.
    public static let cancelled: ErrorCode = "cancelled"
    /// The server could not be reached.
    public static let network: ErrorCode = "network"
    /// An effect this host cannot run.
    public static let unsupported: ErrorCode = "unsupported"
    /// A photo was asked for and none was chosen.
    public static let photoRequired: ErrorCode = "photo_required"
    /// "Restore purchases" found nothing the account may use.
    public static let nothingToRestore: ErrorCode = "nothing_to_restore"
    /// An answer that was not a problem response.
    public static let unknown: ErrorCode = "unknown"
}

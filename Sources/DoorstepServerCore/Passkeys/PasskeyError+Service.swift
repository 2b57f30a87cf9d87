import DoorstepFlow

extension ErrorCode {
    /// A passkey message that is not what WebAuthn specifies, or a key Doorstep does not verify.
    public static let passkeyInvalid: ErrorCode = "passkey_invalid"
    /// The challenge is unknown, used, expired, or of another ceremony or account.
    public static let passkeyChallengeInvalid: ErrorCode = "passkey_challenge_invalid"
    /// The ceremony ran on an origin, or for an RP ID, this server does not serve.
    public static let passkeyWrongSite: ErrorCode = "passkey_wrong_site"
    /// The authenticator did not verify the person (Face ID, Touch ID or a PIN) when required.
    public static let passkeyUserNotVerified: ErrorCode = "passkey_user_not_verified"
    /// The passkey did not prove itself: unknown, removed, a bad signature or a counter gone back.
    public static let passkeyRejected: ErrorCode = "passkey_rejected"
    /// The passkey is already on an account.
    public static let passkeyExists: ErrorCode = "passkey_exists"
}

extension PasskeyError {
    /// The error as the HTTP contract states it. Sign-in failures share one code and one message, so
    /// a caller learns nothing about which check failed.
    public var serviceError: ServiceError {
        switch self {
        case .malformed(let reason):
            return ServiceError(
                status: 400, code: .passkeyInvalid, detail: "The passkey response is invalid: \(reason).")
        case .unsupportedAlgorithm(let algorithm):
            return ServiceError(
                status: 400, code: .passkeyInvalid,
                detail: "Passkeys with COSE algorithm \(algorithm) are not supported.")
        case .challengeInvalid:
            return ServiceError(
                status: 400, code: .passkeyChallengeInvalid,
                detail: "This passkey request has expired or was already used. Start again.")
        case .originNotAllowed(let origin):
            return ServiceError(
                status: 400, code: .passkeyWrongSite, detail: "Passkeys are not accepted from \(origin.prefix(200)).")
        case .rpIDMismatch:
            return ServiceError(status: 400, code: .passkeyWrongSite, detail: "The passkey belongs to another site.")
        case .userNotVerified:
            return ServiceError(
                status: 400, code: .passkeyUserNotVerified,
                detail: "Confirm with Face ID, Touch ID or your device's PIN to use a passkey.")
        case .badSignature, .unknownCredential, .counterRegressed:
            return ServiceError(
                status: 401, code: .passkeyRejected, detail: "This passkey could not sign you in. Try another way.")
        case .alreadyRegistered:
            return ServiceError(status: 409, code: .passkeyExists, detail: "This passkey is already on an account.")
        case .disabled:
            return .notFound
        }
    }
}

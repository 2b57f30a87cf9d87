import DoorstepFlow

extension AppAttestError: ProblemConvertible {
    /// The error as `POST /v1/device/attest` states it. Which check failed is told: a developer
    /// setting the app up needs it, and it helps no forger, who cannot make Apple sign.
    public var serviceError: ServiceError {
        switch self {
        case .malformed(let reason):
            return ServiceError(
                status: 400, code: .attestationInvalid, detail: "The App Attest data is malformed: \(reason).")
        case .challengeInvalid:
            return ServiceError(
                status: 400, code: .attestationChallengeInvalid,
                detail: "This App Attest challenge has expired or was already used. Ask for a new one.")
        case .alreadyAttested:
            return ServiceError(status: 409, code: .attestationExists, detail: "This key is already attested.")
        case .disabled:
            return .notFound
        default:
            return ServiceError(
                status: 400, code: .attestationInvalid, detail: "The attestation was refused: \(description).")
        }
    }
}

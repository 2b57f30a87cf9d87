/// Why an App Attest attestation or assertion was refused. The words are for the log and for the
/// developer of the app, never a secret.
public enum AppAttestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Bytes that are not what Apple's format says: base64, CBOR, a missing field.
    case malformed(String)
    /// The certificates do not chain to the trusted root, or are not valid now.
    case untrustedChain(String)
    /// The certificate's nonce is not SHA-256 of the authenticator data and the client data hash.
    case nonceMismatch
    /// The key id is not SHA-256 of the certificate's key, or not the credential id.
    case keyIDMismatch
    /// The authenticator data is scoped to an app this server does not serve.
    case appIDMismatch
    /// A new key's counter is not 0.
    case counterNotZero
    /// The key was attested in the other environment (development or production).
    case wrongEnvironment
    /// The assertion's signature does not verify with the key.
    case badSignature
    /// The assertion's counter is not above the last one: a replay, or a copied key.
    case counterNotRising
    /// The challenge is unknown, used or expired.
    case challengeInvalid
    /// No attested key has this id.
    case unknownKey
    /// The key was attested already.
    case alreadyAttested
    /// App Attest is not set up on this server (no `--apple-app-id`).
    case disabled

    public var description: String {
        switch self {
        case .malformed(let reason): return "malformed: \(reason)"
        case .untrustedChain(let reason): return "the certificate chain is not trusted: \(reason)"
        case .nonceMismatch: return "the certificate's nonce does not match the authenticator data and challenge"
        case .keyIDMismatch: return "the key id is not the attested key's"
        case .appIDMismatch: return "the key belongs to another app"
        case .counterNotZero: return "a new key's counter is not 0"
        case .wrongEnvironment: return "the key was attested in the other App Attest environment"
        case .badSignature: return "the assertion's signature does not verify"
        case .counterNotRising: return "the assertion's counter did not rise"
        case .challengeInvalid: return "the challenge is unknown, used or expired"
        case .unknownKey: return "no attested key has this id"
        case .alreadyAttested: return "the key is already attested"
        case .disabled: return "App Attest is not set up"
        }
    }

    /// A stable word for the log, the audit log and metrics.
    public var reason: String {
        switch self {
        case .malformed: return "malformed"
        case .untrustedChain: return "untrusted_chain"
        case .nonceMismatch: return "nonce_mismatch"
        case .keyIDMismatch: return "key_id_mismatch"
        case .appIDMismatch: return "app_id_mismatch"
        case .counterNotZero: return "counter_not_zero"
        case .wrongEnvironment: return "wrong_environment"
        case .badSignature: return "bad_signature"
        case .counterNotRising: return "counter_not_rising"
        case .challengeInvalid: return "challenge_invalid"
        case .unknownKey: return "unknown_key"
        case .alreadyAttested: return "already_attested"
        case .disabled: return "disabled"
        }
    }
}

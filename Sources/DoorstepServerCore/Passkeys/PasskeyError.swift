/// Why a passkey ceremony was refused. Each case maps to one stable problem code on the wire.
public enum PasskeyError: Error, Sendable, Equatable {
    /// A message that is not what WebAuthn says it must be.
    case malformed(String)
    /// A key algorithm Doorstep does not verify.
    case unsupportedAlgorithm(Int)
    /// The challenge is unknown, used, expired, or of the other ceremony.
    case challengeInvalid
    /// The page or app that ran the ceremony is not one of this server's origins.
    case originNotAllowed(String)
    /// The credential is scoped to another relying party.
    case rpIDMismatch
    /// The authenticator did not confirm a person was present, or did not verify them when required.
    case userNotVerified
    /// The signature does not verify.
    case badSignature
    /// No account holds this credential (or it was removed).
    case unknownCredential
    /// The credential is already registered.
    case alreadyRegistered
    /// The signature counter went backwards: a cloned authenticator may be in use.
    case counterRegressed
    /// Passkeys are not configured on this server.
    case disabled
}

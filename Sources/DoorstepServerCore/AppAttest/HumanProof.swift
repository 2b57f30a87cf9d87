/// What a request offered to show it comes from the genuine app or a person rather than a script.
/// Today an App Attest assertion; the web's solved puzzle joins as another case and passes the same
/// policy.
public enum HumanProof: Sendable, Hashable {
    /// An App Attest assertion over the request's body and a challenge the server issued.
    case appAttest(AppAssertion)
    /// A proof header that could not be read, and why.
    case unreadable(AppAttestError)
}

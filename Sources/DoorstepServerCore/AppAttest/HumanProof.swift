/// What a request offered to show it comes from the genuine app or a person rather than a script:
/// an App Attest assertion from the app, a solved puzzle from the web funnel. Both pass the same policy.
public enum HumanProof: Sendable, Hashable {
    /// An App Attest assertion over the request's body and a challenge the server issued.
    case appAttest(AppAssertion)
    /// A proof-of-work puzzle the web funnel's page solved.
    case puzzle(PuzzleSolution)
    /// A proof header that could not be read, and why.
    case unreadable(AppAttestError)
}

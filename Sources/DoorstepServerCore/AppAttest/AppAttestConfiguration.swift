import Foundation

/// How the server checks App Attest: the environment keys come from, the root their chains lead to,
/// and what each protected action asks. The apps are the server's `--apple-app-id`s.
public struct AppAttestConfiguration: Sendable {
    /// The environment keys must have been attested in: production unless the app is a development build.
    public var environment: AppAttestEnvironment = .production
    /// The roots (DER) attestation chains must lead to: Apple's App Attestation Root CA unless a test
    /// brings its own.
    public var rootCertificates: [Data] = [AppleRootCertificates.appAttestationRoot]
    /// What each protected action asks of a request; every action off by default.
    public var policy = HumanProofPolicy()

    /// The defaults: production, Apple's root, every action off.
    public init() {}

    /// The verifier for `appIDs`; nil when there are none to attest.
    public func verifier(appIDs: [String]) throws -> AppAttestVerifier? {
        guard !appIDs.isEmpty else { return nil }
        return try AppAttestVerifier(appIDs: appIDs, environment: environment, rootCertificates: rootCertificates)
    }
}

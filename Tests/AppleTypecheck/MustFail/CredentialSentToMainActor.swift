// expected: sending 'credential' risks causing data races
// A delegate method declared `nonisolated` sends the non-Sendable credential it received into a
// main-actor task, while the caller may still use it. Only region-based isolation, after type checking,
// sees this.
import AuthenticationServices

@MainActor
final class AppleIDSignIn: NSObject, ASAuthorizationControllerDelegate {
    private var credential: ASAuthorizationAppleIDCredential?

    nonisolated func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {
        let credential = authorization.credential as? ASAuthorizationAppleIDCredential
        Task { @MainActor in self.credential = credential }
    }
}

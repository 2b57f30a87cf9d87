#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(AuthenticationServices) && canImport(UIKit)
        import AuthenticationServices

        /// Passkeys on iOS with `ASAuthorizationPlatformPublicKeyCredentialProvider`: registration and
        /// sign-in sheets for the server's options, and AutoFill-assisted sign-in from a focused email field.
        /// The app needs the Associated Domains entitlement `webcredentials:<rp id>`, and the server's
        /// `--apple-app-id` so its apple-app-site-association lists the app.
        enum PlatformPasskeys {
            static func register(_ options: PasskeyCreationOptions) async -> PasskeyRegistration? {
                guard let challenge = Data(base64URL: options.challenge),
                    let userID = Data(base64URL: options.user.id)
                else { return nil }
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rp.id)
                let request = provider.createCredentialRegistrationRequest(
                    challenge: challenge, name: options.user.name, userID: userID)
                request.userVerificationPreference = .required
                if #available(iOS 17.4, *) {
                    request.excludedCredentials = options.excludeCredentials.compactMap {
                        Data(base64URL: $0.id)
                    }
                    .map(ASAuthorizationPlatformPublicKeyCredentialDescriptor.init(credentialID:))
                }
                let authorization = PasskeyAuthorization()
                guard
                    let credential = await authorization.perform(request, autoFill: false)
                        as? ASAuthorizationPlatformPublicKeyCredentialRegistration,
                    let attestation = credential.rawAttestationObject
                else { return nil }
                return PasskeyRegistration(
                    credentialID: credential.credentialID, clientDataJSON: credential.rawClientDataJSON,
                    attestationObject: attestation)
            }

            static func assert(_ options: PasskeyRequestOptions, autoFill: Bool) async -> PasskeyAssertion? {
                guard let challenge = Data(base64URL: options.challenge) else { return nil }
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rpId)
                let request = provider.createCredentialAssertionRequest(challenge: challenge)
                request.userVerificationPreference = .required
                let authorization = PasskeyAuthorization()
                guard
                    let credential = await authorization.perform(request, autoFill: autoFill)
                        as? ASAuthorizationPlatformPublicKeyCredentialAssertion
                else { return nil }
                return PasskeyAssertion(
                    credentialID: credential.credentialID, clientDataJSON: credential.rawClientDataJSON,
                    authenticatorData: credential.rawAuthenticatorData, signature: credential.signature,
                    userHandle: credential.userID)
            }
        }

        /// Runs one authorization request and resumes with its credential, or nil when it fails or is
        /// cancelled (AutoFill requests are cancelled when the person picks another way).
        @MainActor
        final class PasskeyAuthorization: NSObject, ASAuthorizationControllerDelegate,
            ASAuthorizationControllerPresentationContextProviding
        {
            private var continuation: CheckedContinuation<ASAuthorizationCredential?, Never>?

            func perform(_ request: ASAuthorizationRequest, autoFill: Bool) async -> ASAuthorizationCredential? {
                await withCheckedContinuation { continuation in
                    self.continuation = continuation
                    let controller = ASAuthorizationController(authorizationRequests: [request])
                    controller.delegate = self
                    controller.presentationContextProvider = self
                    if autoFill {
                        controller.performAutoFillAssistedRequests()
                    } else {
                        controller.performRequests()
                    }
                }
            }

            nonisolated func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
                MainActor.assumeIsolated {
                    UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
                        ?? ASPresentationAnchor()
                }
            }

            nonisolated func authorizationController(
                controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
            ) {
                let credential = authorization.credential
                Task { @MainActor in self.finish(credential) }
            }

            nonisolated func authorizationController(
                controller: ASAuthorizationController, didCompleteWithError error: Error
            ) {
                Task { @MainActor in self.finish(nil) }
            }

            private func finish(_ credential: ASAuthorizationCredential?) {
                continuation?.resume(returning: credential)
                continuation = nil
            }
        }
    #endif

    /// Remembers a sign-in the keyboard's passkey AutoFill completed, so the flow's sign-in effect that
    /// follows has nothing left to do.
    actor PasskeyAutoFillState {
        static let shared = PasskeyAutoFillState()
        private var signedIn = false

        func markSignedIn() { signedIn = true }

        func take() -> Bool {
            defer { signedIn = false }
            return signedIn
        }
    }
#endif

#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(AuthenticationServices) && canImport(UIKit)
        import AuthenticationServices

        /// Passkeys on iOS with `ASAuthorizationPlatformPublicKeyCredentialProvider`: registration and
        /// sign-in sheets for the server's options, and AutoFill-assisted sign-in from a focused email field.
        /// The app needs the Associated Domains entitlement `webcredentials:<rp id>`, and the server's
        /// `--apple-app-id` so its apple-app-site-association lists the app.
        @MainActor
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
                let sheet = AuthorizationSheet { credential -> PasskeyRegistration? in
                    guard let registration = credential as? ASAuthorizationPlatformPublicKeyCredentialRegistration,
                        let attestation = registration.rawAttestationObject
                    else { return nil }
                    return PasskeyRegistration(
                        credentialID: registration.credentialID, clientDataJSON: registration.rawClientDataJSON,
                        attestationObject: attestation)
                }
                return await sheet.perform(request)
            }

            static func assert(_ options: PasskeyRequestOptions, autoFill: Bool) async -> PasskeyAssertion? {
                guard let challenge = Data(base64URL: options.challenge) else { return nil }
                let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: options.rpId)
                let request = provider.createCredentialAssertionRequest(challenge: challenge)
                request.userVerificationPreference = .required
                let sheet = AuthorizationSheet { credential -> PasskeyAssertion? in
                    guard let assertion = credential as? ASAuthorizationPlatformPublicKeyCredentialAssertion else {
                        return nil
                    }
                    return PasskeyAssertion(
                        credentialID: assertion.credentialID, clientDataJSON: assertion.rawClientDataJSON,
                        authenticatorData: assertion.rawAuthenticatorData, signature: assertion.signature,
                        userHandle: assertion.userID)
                }
                return await sheet.perform(request, autoFill: autoFill)
            }
        }
    #endif

    /// Remembers a sign-in the keyboard's passkey AutoFill completed, so the flow's sign-in effect that
    /// follows has nothing left to do.
    actor PasskeyAutoFillState {
        private var signedIn = false

        func markSignedIn() { signedIn = true }

        func take() -> Bool {
            defer { signedIn = false }
            return signedIn
        }
    }
#endif

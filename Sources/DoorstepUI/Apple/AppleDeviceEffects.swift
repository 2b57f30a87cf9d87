#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(LocalAuthentication)
        import LocalAuthentication
    #endif
    #if canImport(UserNotifications)
        import UserNotifications
    #endif

    /// What only an Apple device can do for a flow: Sign in with Apple (the credential Apple's button
    /// received, with the SHA-256 nonce the server checks), passkeys (sheets, and AutoFill from the email
    /// field), Face ID enrolment keeping the session in a Keychain item only this device can read,
    /// unlocked, after Face ID; the notification prompt; the photo the picker staged, or the picker opened
    /// when none is. Google's SDK belongs to the host, which answers through `google`.
    public struct AppleDeviceEffects: DeviceEffects {
        let photos: PhotoInbox
        let tokens: (any TokenStore)?
        let biometricItem: BiometricKeychainItem
        let google: (@Sendable () async -> (idToken: String, rawNonce: String?)?)?
        let passkeyAutoFill = PasskeyAutoFillState()
        /// Where Apple's button leaves its credential for the sign-in effect.
        public let appleSignIn = AppleSignInHandoff()
        /// The photo picker the `pickImage` effect opens; ``FlowView`` shows it.
        public let photoPicker = PhotoPickerPrompt()
        /// Where the person is asked who they are before a change that needs a recent sign-in; ``FlowView``
        /// shows its questions over the flow, and app code shows them with `identityConfirmation(_:)`.
        public let identityPrompt: IdentityPrompt

        /// - Parameters:
        ///   - tokens: where the client keeps the session; Face ID enrolment protects a copy of it.
        ///   - biometricItem: the Keychain item Face ID opens; give the same one to the app's
        ///     `BiometricTokenStore`.
        ///   - google: runs Google Sign-In and returns its ID token, or nil when the app offers no Google.
        ///   - identityPrompt: where to ask the person to confirm who they are; share one with the views
        ///     of the app that make sensitive changes themselves.
        public init(
            photos: PhotoInbox = .shared, tokens: (any TokenStore)? = nil,
            biometricItem: BiometricKeychainItem = BiometricKeychainItem(),
            google: (@Sendable () async -> (idToken: String, rawNonce: String?)?)? = nil,
            identityPrompt: IdentityPrompt = IdentityPrompt()
        ) {
            self.photos = photos
            self.tokens = tokens
            self.biometricItem = biometricItem
            self.google = google
            self.identityPrompt = identityPrompt
        }

        /// Asks for the password or the mailed code in a sheet, with Cancel.
        public func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof? {
            await identityPrompt.ask(request)
        }

        /// Asks for the authenticator app's code in the same sheet, for a sign-in's second factor.
        public func secondFactorCode(problem: String?) async -> String? {
            await identityPrompt.askForSecondFactor(problem: problem)
        }

        /// The photo picked on the screen already, or else one the person picks in the picker now.
        public func pickImage() async -> (data: Data, isPNG: Bool)? {
            if let staged = await photos.take() { return staged }
            guard let data = await photoPicker.pick() else { return nil }
            return (data, UploadImageFormat(of: data) == .png)
        }

        public func requestPermission(_ permission: String) async -> Bool {
            #if canImport(UserNotifications)
                guard permission == "notifications" else { return false }
                let options: UNAuthorizationOptions = [.alert, .badge, .sound]
                return (try? await UNUserNotificationCenter.current().requestAuthorization(options: options)) ?? false
            #else
                return false
            #endif
        }

        /// Whether the device has Face ID or Touch ID enrolled.
        public func canEnableBiometrics() async -> Bool {
            #if canImport(LocalAuthentication)
                LAContext().canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
            #else
                false
            #endif
        }

        /// Asks for Face ID, then keeps the session in the item only Face ID opens. Give the app's
        /// `BiometricTokenStore` as `tokens`, and the item becomes the session's only copy, kept current
        /// on every refresh.
        public func enableBiometrics() async -> Bool {
            #if canImport(LocalAuthentication)
                let context = LAContext()
                guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil),
                    (try? await context.evaluatePolicy(
                        .deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in faster next time")) == true,
                    let tokens
                else { return false }
                // Through the app's biometric store, the session moves into the item and out of the readable one.
                if let store = tokens as? BiometricTokenStore { return await store.enable() }
                guard let session = try? await tokens.load() else { return false }
                return (try? await biometricItem.write(session)) != nil
            #else
                return false
            #endif
        }

        /// Deletes the item Face ID opens (Face ID sign-in turned off, or signed out); through the app's
        /// biometric store, a session Face ID opened goes back to the readable store first.
        public func forgetBiometrics() async {
            if let store = tokens as? BiometricTokenStore { return await store.disable() }
            await biometricItem.delete()
        }

        /// The credential Apple's button received just before its tap started the sign-in; nil when none waits.
        public func appleCredential() async -> AppleCredential? {
            await appleSignIn.take()
        }

        public func googleCredential() async -> (idToken: String, rawNonce: String?)? {
            await google?()
        }

        /// Creates a passkey with the system's sheet; the app needs `webcredentials:<rp id>` in its
        /// Associated Domains.
        public func passkeyRegistration(_ options: PasskeyCreationOptions) async -> PasskeyRegistration? {
            #if canImport(AuthenticationServices) && canImport(UIKit)
                return await PlatformPasskeys.register(options)
            #else
                return nil
            #endif
        }

        /// Signs the server's challenge with a passkey the person picks in the system's sheet.
        public func passkeyAssertion(_ options: PasskeyRequestOptions) async -> PasskeyAssertion? {
            #if canImport(AuthenticationServices) && canImport(UIKit)
                return await PlatformPasskeys.assert(options, autoFill: false)
            #else
                return nil
            #endif
        }

        public func takeAutoFillPasskeySignIn() async -> Bool {
            await passkeyAutoFill.take()
        }

        /// Offers the person's passkeys in the keyboard's AutoFill until the calling task is cancelled;
        /// when they pick one, signs in with it through `client`. Whether that happened.
        func signInWithPasskeyAutoFill(client: DoorstepClient) async -> Bool {
            #if canImport(AuthenticationServices) && canImport(UIKit)
                guard let options = try? await client.passkeyAuthenticationOptions(),
                    let assertion = await PlatformPasskeys.assert(options, autoFill: true)
                else { return false }
                do {
                    try await client.signInWithPasskey(
                        credentialID: assertion.credentialID, clientDataJSON: assertion.clientDataJSON,
                        authenticatorData: assertion.authenticatorData, signature: assertion.signature,
                        userHandle: assertion.userHandle)
                } catch {
                    return false
                }
                await passkeyAutoFill.markSignedIn()
                return true
            #else
                return false
            #endif
        }
    }

    /// The photo the picker staged, handed to the upload effect when the person taps to use it.
    public actor PhotoInbox {
        /// The inbox the views and ``AppleDeviceEffects`` share by default.
        public static let shared = PhotoInbox()
        private var staged: (data: Data, isPNG: Bool)?

        /// Keeps a picked photo until the upload takes it.
        public func stage(_ data: Data) {
            staged = (data, UploadImageFormat(of: data) == .png)
        }

        /// The staged photo, once.
        public func take() -> (data: Data, isPNG: Bool)? {
            defer { staged = nil }
            return staged
        }
    }

#endif

#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(AuthenticationServices) && canImport(CryptoKit)
        import AuthenticationServices
        import CryptoKit
    #endif

    /// Sign in with Apple as Apple's own button runs it: the button's `onRequest` asks for the name and
    /// email and carries the SHA-256 of a fresh nonce, its `onCompletion` keeps the credential here, and
    /// the flow's `signInWithApple` effect takes it through ``AppleDeviceEffects``. The system presents
    /// the sheet from the button itself, so VoiceOver, Switch Control and the keyboard start it as a tap does.
    @MainActor
    public final class AppleSignInHandoff {
        private var rawNonce: String?
        private var credential: AppleCredential?

        /// Creates a handoff holding nothing.
        nonisolated public init() {}

        #if canImport(AuthenticationServices) && canImport(CryptoKit)
            /// Fills in the request the button is about to send.
            func configure(_ request: ASAuthorizationAppleIDRequest) {
                let rawNonce = AppleNonce.make()
                self.rawNonce = rawNonce
                request.requestedScopes = [.fullName, .email]
                request.nonce = AppleNonce.hashed(rawNonce)
            }

            /// Keeps the credential the sheet returned for the effect; whether there is one (false when the
            /// person cancelled or Apple refused).
            func complete(_ result: Result<ASAuthorization, any Error>) -> Bool {
                defer { rawNonce = nil }
                guard case .success(let authorization) = result,
                    let apple = authorization.credential as? ASAuthorizationAppleIDCredential,
                    let tokenData = apple.identityToken,
                    let token = String(data: tokenData, encoding: .utf8),
                    let rawNonce
                else { return false }
                credential = AppleCredential(
                    identityToken: token, rawNonce: rawNonce,
                    authorizationCode: apple.authorizationCode.flatMap { String(data: $0, encoding: .utf8) },
                    firstName: apple.fullName?.givenName, lastName: apple.fullName?.familyName)
                return true
            }
        #endif

        /// The credential the button received, once; nil when none waits.
        func take() -> AppleCredential? {
            defer { credential = nil }
            return credential
        }
    }

    #if canImport(AuthenticationServices) && canImport(CryptoKit)
        /// The nonce Sign in with Apple carries: a random raw value the server receives, and its SHA-256 in
        /// hex inside Apple's token, which the server compares.
        enum AppleNonce {
            static func make() -> String {
                var generator = SystemRandomNumberGenerator()
                let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
                return Data(bytes).base64URL
            }

            static func hashed(_ raw: String) -> String {
                SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined()
            }
        }
    #endif
#endif

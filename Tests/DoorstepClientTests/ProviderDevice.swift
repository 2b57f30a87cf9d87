import DoorstepClient
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation

/// A phone whose Apple and Google sheets sign the person in with the accounts given: each sheet
/// returns a fresh identity token from a ``FakeIdentityProvider``, as the real sheets would. Without
/// an account for a provider its sheet is cancelled; with ``passkeys`` the device makes passkeys.
struct ProviderDevice: DecliningDevice {
    let provider: FakeIdentityProvider
    var apple: TestIdentityClaims?
    var google: TestIdentityClaims?
    var passkeys: DevicePasskeys?

    /// The audience Apple's tokens are made for: the app's bundle id.
    static let appleAudience = "com.example.app"
    /// The audience Google's tokens are made for: the app's client id.
    static let googleAudience = "client.example"

    func appleCredential() async -> AppleCredential? {
        guard let apple, let sent = try? await provider.signIn(apple) else { return nil }
        guard let token = sent["identityToken"] else { return nil }
        return AppleCredential(
            identityToken: token, rawNonce: sent["rawNonce"], authorizationCode: nil, firstName: nil, lastName: nil)
    }

    func googleCredential() async -> (idToken: String, rawNonce: String?)? {
        guard let google, let sent = try? await provider.signIn(google), let token = sent["idToken"] else {
            return nil
        }
        return (token, sent["rawNonce"])
    }

    func canMakePasskeys() async -> Bool { passkeys != nil }
    /// Kim's phone has Face ID enrolled.
    func canEnableBiometrics() async -> Bool { true }

    func passkeyRegistration(_ options: PasskeyCreationOptions) async -> PasskeyRegistration? {
        passkeys?.register(options)
    }

    func passkeyAssertion(_ options: PasskeyRequestOptions) async -> PasskeyAssertion? {
        passkeys?.assert(options)
    }
}

extension ServerConfiguration {
    /// Trusts Apple's and Google's tokens from a fake provider serving at `base`, for the audiences
    /// ``ProviderDevice`` signs in to.
    mutating func trustProviders(at base: URL) {
        apple = .apple(audiences: [ProviderDevice.appleAudience], jwksURL: base.appendingPathComponent("keys"))
        google = .google(audiences: [ProviderDevice.googleAudience], jwksURL: base.appendingPathComponent("keys"))
    }
}

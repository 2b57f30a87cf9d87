import DoorstepClient
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization

/// The passkey a device keeps for the person: made once for the server's options, then used to sign
/// its challenges, as the platform's authenticator would (on `https://` + the relying party's id).
final class DevicePasskeys: Sendable {
    let authenticator = SoftwareAuthenticator()
    private let userHandle = Mutex<Data?>(nil)

    func register(_ options: PasskeyCreationOptions) -> PasskeyRegistration? {
        guard let challenge = Base64URL.decode(options.challenge) else { return nil }
        let made = authenticator.register(
            challenge: challenge, rpID: options.rp.id, origin: "https://\(options.rp.id)")
        userHandle.withLock { $0 = Base64URL.decode(options.user.id).map { Data($0) } }
        return PasskeyRegistration(
            credentialID: Data(authenticator.credentialID), clientDataJSON: Data(made.clientDataJSON),
            attestationObject: Data(made.attestationObject))
    }

    func assert(_ options: PasskeyRequestOptions) -> PasskeyAssertion? {
        guard let challenge = Base64URL.decode(options.challenge), let handle = userHandle.withLock({ $0 }) else {
            return nil
        }
        let signed = authenticator.assert(challenge: challenge, rpID: options.rpId, origin: "https://\(options.rpId)")
        return PasskeyAssertion(
            credentialID: Data(authenticator.credentialID), clientDataJSON: Data(signed.clientDataJSON),
            authenticatorData: Data(signed.authenticatorData), signature: Data(signed.signature), userHandle: handle)
    }
}

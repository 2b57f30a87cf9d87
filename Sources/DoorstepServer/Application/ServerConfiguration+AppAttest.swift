import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation

extension ServerConfiguration {
    /// Refuses an App Attest policy for the app with no app to attest (it would refuse or count every request), a
    /// root that is not a certificate, and a root other than Apple's where others can reach the server.
    func validateAppAttest() throws {
        if !appAttest.policy.isOffForTheApp, appleAppIDs.isEmpty {
            throw ConfigurationError(
                "The App Attest policy \(appAttest.policy) needs the apps to attest: give --apple-app-id TEAMID.bundle.id, "
                    + "or guard the web alone (web.sign-up=enforce)."
            )
        }
        let verifier: AppAttestVerifier?
        do {
            verifier = try appAttest.verifier(appIDs: appleAppIDs)
        } catch {
            throw ConfigurationError("The App Attest root certificate cannot be read: \(error).")
        }
        if let verifier, !verifier.trustsOnlyApple, publicURLIsHTTPS || !Self.isLoopback(host) {
            throw ConfigurationError(
                "An App Attest root other than Apple's is for tests on this machine; it cannot run with "
                    + (publicURLIsHTTPS ? "an https public URL." : "the address \(host)."))
        }
    }
}

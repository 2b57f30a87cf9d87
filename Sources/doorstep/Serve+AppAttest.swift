import ArgumentParser
import DoorstepServer
import DoorstepServerCore
import Foundation

/// How `doorstep serve` checks App Attest for the apps of `--apple-app-id`.
struct AppAttestOptions: ParsableArguments {
    @Option(
        name: .customLong("app-attest"),
        help: """
            What sign-up, code sends, guests and password log-ins ask of an App Attest assertion: \
            action=mode pairs such as sign-up=enforce,code-send=monitor (actions: sign-up, code-send, guest, \
            password-login, all; modes: off, monitor, enforce). An action after app. or web. sets that side alone: \
            the app's App Attest or the web funnel's puzzle. (default: off for all)
            """)
    var policy: String?

    @Option(
        name: .customLong("app-attest-environment"),
        help: "production or development: the App Attest environment keys are taken from. (default: production)")
    var environment: String?

    @Option(
        name: .customLong("app-attest-root-certificate"),
        help: "A root certificate (PEM or DER) to trust instead of Apple's App Attest root, for tests on this machine.")
    var rootCertificate: String?

    /// Reads the options, then `DOORSTEP_APP_ATTEST…` variables.
    func resolve(into configuration: inout ServerConfiguration, environment variables: [String: String]) throws {
        if let text = policy ?? variables["DOORSTEP_APP_ATTEST"] {
            do {
                configuration.appAttest.policy = try HumanProofPolicy(parsing: text)
            } catch {
                throw ValidationError(error.description)
            }
        }
        let name = environment ?? variables["DOORSTEP_APP_ATTEST_ENVIRONMENT"] ?? "production"
        guard let chosen = AppAttestEnvironment(rawValue: name.lowercased()) else {
            throw ValidationError("The App Attest environment is production or development, not \"\(name)\".")
        }
        configuration.appAttest.environment = chosen
        if let path = rootCertificate ?? variables["DOORSTEP_APP_ATTEST_ROOT_CERTIFICATE"] {
            guard let data = FileManager.default.contents(atPath: path), let der = AppleRootCertificates.der(of: data)
            else { throw ValidationError("The App Attest root certificate \(path) is not a PEM or DER certificate.") }
            configuration.appAttest.rootCertificates = [der]
        }
    }
}

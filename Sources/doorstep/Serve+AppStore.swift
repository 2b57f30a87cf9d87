import ArgumentParser
import DoorstepServer
import DoorstepServerCore
import Foundation

extension Serve {
    /// Reads which app's App Store purchases the server takes, from where, what signs them, and
    /// whether a restore on another account moves a purchase.
    func resolveAppStore(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let policy = appstoreRestorePolicy ?? environment["DOORSTEP_APPSTORE_RESTORE_POLICY"] ?? "keep"
        guard let restorePolicy = RestorePolicy(rawValue: policy.lowercased()) else {
            throw ValidationError("The App Store restore policy is keep or transfer, not \"\(policy)\".")
        }
        configuration.appStoreRestorePolicy = restorePolicy
        guard let bundleID = appstoreBundleId ?? environment["DOORSTEP_APPSTORE_BUNDLE_ID"] else { return }
        guard bundleID.range(of: #"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$"#, options: .regularExpression) != nil else {
            throw ValidationError(
                "An App Store bundle id is reverse-DNS, such as com.example.app, not \"\(bundleID)\".")
        }
        let name = appstoreEnvironment ?? environment["DOORSTEP_APPSTORE_ENVIRONMENT"] ?? "production"
        guard let store = AppStoreEnvironment.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
        else {
            throw ValidationError("The App Store environment is production or sandbox, not \"\(name)\".")
        }
        var roots = [AppleRootCertificates.rootG3]
        if let path = appstoreRootCertificate ?? environment["DOORSTEP_APPSTORE_ROOT_CERTIFICATE"] {
            roots = [try Self.certificate(at: path)]
        }
        configuration.appStore = try AppStoreVerifier(bundleID: bundleID, environment: store, rootCertificates: roots)
    }

    /// The DER of the certificate in the file at `path`, PEM or DER.
    static func certificate(at path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("The App Store root certificate \(path) cannot be read.")
        }
        guard let der = AppleRootCertificates.der(of: data) else {
            throw ValidationError("\(path) is not a certificate in PEM or DER.")
        }
        return der
    }
}

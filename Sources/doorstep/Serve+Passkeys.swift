import ArgumentParser
import DoorstepHTTP
import DoorstepServerCore
import Foundation

extension Serve {
    /// Passkeys are on when a relying party id is given; its origins default to the public URL.
    func resolvePasskeys(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        configuration.appleAppIDs = appleAppIDs.isEmpty ? Self.list(environment, "DOORSTEP_APPLE_APP_IDS") : appleAppIDs
        for appID in configuration.appleAppIDs where !Self.isAppID(appID) {
            throw ValidationError(
                "An Apple app id is TEAMID.bundle.id, such as ABCDE12345.com.example.app, not \"\(appID)\".")
        }
        guard let rpID = (passkeyRpId ?? environment["DOORSTEP_PASSKEY_RP_ID"])?.lowercased(), !rpID.isEmpty else {
            if !passkeyOrigins.isEmpty { throw ValidationError("--passkey-origin needs --passkey-rp-id.") }
            return
        }
        guard Self.isDomain(rpID) else {
            throw ValidationError("The passkey RP ID is a domain such as example.com, not \"\(rpID)\".")
        }
        var origins = passkeyOrigins.isEmpty ? Self.list(environment, "DOORSTEP_PASSKEY_ORIGINS") : passkeyOrigins
        if origins.isEmpty {
            origins = [configuration.publicURL.flatMap(Self.origin) ?? "https://\(rpID)"]
        }
        for origin in origins where origin.hasPrefix("ios:") {
            throw ValidationError(
                "iOS apps report the origin https://\(rpID), not \"\(origin)\": list the app with --apple-app-id instead."
            )
        }
        for origin in origins where !Self.isAllowed(origin, rpID: rpID) {
            throw ValidationError(
                "The passkey origin \"\(origin)\" is neither an http(s) origin on \(rpID) nor an Android app origin (android:apk-key-hash:…)."
            )
        }
        configuration.passkeys = PasskeyRelyingParty(id: rpID, name: rpID, origins: Set(origins))
    }

    static func isDomain(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253 && !text.hasPrefix(".") && !text.hasSuffix(".")
            && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." } && !text.contains("..")
    }

    static func isAppID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1)
        return parts.count == 2 && parts[0].count == 10 && parts[0].allSatisfy { $0.isUppercase || $0.isNumber }
            && isDomain(String(parts[1]))
    }

    /// `scheme://host[:port]` of an http(s) URL.
    static func origin(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// An https origin on the RP ID or a subdomain of it (http only for localhost), or an Android app's
    /// origin. iOS apps need none: they report `https://<rp id>`, accepted for the `--apple-app-id` apps.
    static func isAllowed(_ origin: String, rpID: String) -> Bool {
        if origin.hasPrefix("android:apk-key-hash:") {
            return origin.split(separator: ":").count == 3
        }
        guard let components = URLComponents(string: origin), let host = components.host?.lowercased(),
            Self.origin(origin) == origin,
            components.scheme == "https" || (components.scheme == "http" && host == "localhost")
        else { return false }
        return host == rpID || host.hasSuffix("." + rpID)
    }
}

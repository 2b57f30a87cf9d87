import ArgumentParser
import DoorstepServerCore
import Foundation
import JWTKit

/// Reading `DOORSTEP_…` environment variables: each malformed value refused in one line that names it.
extension Serve {
    static func list(_ environment: [String: String], _ name: String) -> [String] {
        (environment[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }

    static func url(_ environment: [String: String], _ name: String) throws -> URL? {
        guard let text = environment[name] else { return nil }
        guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http" else {
            throw ValidationError("\(name) must be an http(s) URL, not \"\(text)\".")
        }
        return url
    }

    /// Apple's token endpoints, when the team's key is configured (DOORSTEP_APPLE_TEAM_ID,
    /// DOORSTEP_APPLE_KEY_ID, DOORSTEP_APPLE_PRIVATE_KEY_FILE), for revoking tokens of deleted accounts.
    static func appleTokens(_ environment: [String: String], clientID: String) throws -> AppleTokenClient.Configuration?
    {
        guard let team = environment["DOORSTEP_APPLE_TEAM_ID"], let keyID = environment["DOORSTEP_APPLE_KEY_ID"],
            let path = environment["DOORSTEP_APPLE_PRIVATE_KEY_FILE"]
        else { return nil }
        guard let pem = FileManager.default.contents(atPath: path), let key = try? ES256PrivateKey(pem: pem) else {
            throw ValidationError("DOORSTEP_APPLE_PRIVATE_KEY_FILE must name a readable .p8 key.")
        }
        var configuration = AppleTokenClient.Configuration(
            clientID: environment["DOORSTEP_APPLE_CLIENT_ID"] ?? clientID, teamID: team, keyID: keyID, privateKey: key)
        if let url = try url(environment, "DOORSTEP_APPLE_TOKEN_URL") { configuration.tokenURL = url }
        if let url = try url(environment, "DOORSTEP_APPLE_REVOKE_URL") { configuration.revokeURL = url }
        return configuration
    }

    static func integer(_ environment: [String: String], _ name: String) throws -> Int? {
        guard let text = environment[name] else { return nil }
        guard let value = Int(text) else { throw ValidationError("\(name) must be a whole number, not \"\(text)\".") }
        return value
    }

    static func decimal(_ environment: [String: String], _ name: String) throws -> Double? {
        guard let text = environment[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw ValidationError("\(name) must be a number, not \"\(text)\".")
        }
        return value
    }

    static func switchValue(_ environment: [String: String], _ name: String) throws -> Bool? {
        guard let text = environment[name] else { return nil }
        guard let value = Switch(rawValue: text.lowercased()) else {
            throw ValidationError("\(name) must be on or off, not \"\(text)\".")
        }
        return value.isOn
    }
}

/// `on` or `off` (also `true`/`false`, `1`/`0`).
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off, `true`, `false`
    case one = "1"
    case zero = "0"

    var isOn: Bool { self == .on || self == .true || self == .one }

    static var allValueStrings: [String] { ["on", "off"] }
}

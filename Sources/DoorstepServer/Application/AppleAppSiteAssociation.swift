import DoorstepHTTP
import DoorstepWeb
import Foundation

/// `/.well-known/apple-app-site-association`: the apps iOS lets use this domain's passkeys
/// (`webcredentials`). Each app adds `webcredentials:<domain>` to its Associated Domains.
struct AppleAppSiteAssociation: Encodable {
    struct WebCredentials: Encodable {
        var apps: [String]
    }

    var webcredentials: WebCredentials

    init(appIDs: [String]) {
        webcredentials = WebCredentials(apps: appIDs)
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

import ArgumentParser
import DoorstepServer
import DoorstepServerCore
import Foundation

extension Serve {
    /// Passkeys are on when a relying party id is given; its origins default to the public URL.
    func resolvePasskeys(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        configuration.appleAppIDs = appleAppIDs.isEmpty ? Self.list(environment, "DOORSTEP_APPLE_APP_IDS") : appleAppIDs
        guard let rpID = (passkeyRpId ?? environment["DOORSTEP_PASSKEY_RP_ID"])?.lowercased(), !rpID.isEmpty else {
            if !passkeyOrigins.isEmpty { throw ValidationError("--passkey-origin needs --passkey-rp-id.") }
            return
        }
        var origins = passkeyOrigins.isEmpty ? Self.list(environment, "DOORSTEP_PASSKEY_ORIGINS") : passkeyOrigins
        if origins.isEmpty {
            origins = [configuration.publicURL.flatMap(ServerConfiguration.origin) ?? "https://\(rpID)"]
        }
        // The relying party and its origins are checked by the library, as every server's are.
        configuration.passkeys = PasskeyRelyingParty(id: rpID, name: rpID, origins: Set(origins))
    }
}

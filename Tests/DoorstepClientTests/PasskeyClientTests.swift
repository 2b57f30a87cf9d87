import DoorstepClient
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("DoorstepClient passkeys")
struct PasskeyClientTests {
    @Test("An app adds a passkey, signs out, and signs back in with the passkey alone")
    func addAndSignIn() async throws {
        let backend = try await TestServer.make { configuration in
            configuration.passkeys = PasskeyRelyingParty(
                id: "example.com", name: "Example", origins: ["https://auth.example.com"])
            configuration.appleAppIDs = ["ABCDE12345.com.example.app"]
        }
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
                now: { backend.clock.now })
            let guest = try await client.continueAsGuest()
            let authenticator = SoftwareAuthenticator()
            let creation = try await client.passkeyRegistrationOptions()
            #expect(creation.rp.id == "example.com" && creation.authenticatorSelection.residentKey == "required")
            let made = authenticator.register(
                challenge: try #require(Base64URL.decode(creation.challenge)), rpID: "example.com",
                origin: "https://example.com")
            let added = try await client.registerPasskey(
                credentialID: Data(authenticator.credentialID), clientDataJSON: Data(made.clientDataJSON),
                attestationObject: Data(made.attestationObject), name: "Sam's iPhone")
            #expect(added.name == "Sam's iPhone")
            #expect(try await client.passkeys().map(\.id) == [added.id])
            try await client.logOut()

            let request = try await client.passkeyAuthenticationOptions()
            let assertion = authenticator.assert(
                challenge: try #require(Base64URL.decode(request.challenge)), rpID: "example.com",
                origin: "https://example.com")
            let user = try await client.signInWithPasskey(
                credentialID: Data(authenticator.credentialID), clientDataJSON: Data(assertion.clientDataJSON),
                authenticatorData: Data(assertion.authenticatorData), signature: Data(assertion.signature),
                userHandle: Data(Base64URL.decode(creation.user.id) ?? []))
            #expect(user.id == guest.id)
            #expect(await client.authState == .signedIn(userID: guest.id, isGuest: true))
        }
    }
}

import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// An app that builds the server through the library gets the rules `doorstep serve` has: the
/// developer's conveniences are refused where others can reach the server.
@Suite("The library refuses what doorstep serve refuses")
struct ConfigurationValidationTests {
    /// Builds a server with `configuration`, its signing keys sealed when `sealed`; the error, if refused.
    static func refusal(_ configuration: ServerConfiguration, sealed: Bool = true) async -> String? {
        let dependencies = ServerDependencies(
            storage: MemoryStorage(), keys: TestServer.keys,
            keyEncryptionKey: sealed ? try? ServerKeyStore.encryptionKey(base64: Self.key) : nil,
            hasher: BcryptPasswordHasher(cost: 4, threadPool: TestServer.hashingPool))
        do {
            _ = try await buildServer(configuration: configuration, dependencies: dependencies)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let key = Data(repeating: 7, count: 32).base64EncodedString()

    @Test("Mail must go somewhere, unless the server is told to send none")
    func mailGoesSomewhere() async {
        var configuration = ServerConfiguration()
        #expect(await Self.refusal(configuration)?.hasPrefix("Mail would go nowhere") == true)
        configuration.sendsNoMail = true
        #expect(await Self.refusal(configuration) == nil)
        configuration.devMailbox = true
        #expect(await Self.refusal(configuration)?.contains("--mail none means no mail at all") == true)
    }

    @Test("The dev mailbox with an https public URL, or on a public address, is refused; on loopback it builds")
    func devMailbox() async {
        var configuration = ServerConfiguration()
        #expect(!configuration.devMailbox, "off unless asked for")
        configuration.devMailbox = true
        #expect(await Self.refusal(configuration) == nil, "a developer's machine")
        configuration.publicURL = "https://auth.example.com"
        #expect(await Self.refusal(configuration)?.contains("cannot run with an https public URL") == true)
        configuration.publicURL = nil
        configuration.host = "0.0.0.0"
        #expect(await Self.refusal(configuration)?.contains("cannot run with the address 0.0.0.0") == true)
        configuration.devMailbox = false
        configuration.sendsNoMail = true
        #expect(await Self.refusal(configuration) == nil)
    }

    @Test("An https server with unsealed signing keys is refused unless that is asked for on purpose")
    func unsealedKeys() async {
        var configuration = ServerConfiguration()
        configuration.sendsNoMail = true
        configuration.publicURL = "https://auth.example.com"
        #expect(await Self.refusal(configuration, sealed: false)?.contains("keeps its signing keys sealed") == true)
        #expect(await Self.refusal(configuration, sealed: true) == nil)
        configuration.allowsUnsealedKeys = true
        #expect(await Self.refusal(configuration, sealed: false) == nil)
    }

    @Test("Passkeys for an origin off the relying party, or an iOS origin, are refused")
    func passkeyOrigins() async {
        var configuration = ServerConfiguration()
        configuration.sendsNoMail = true
        configuration.passkeys = PasskeyRelyingParty(
            id: "example.com", name: "Example", origins: ["https://evil.example.net"])
        #expect(await Self.refusal(configuration)?.contains("is neither an http(s) origin on example.com") == true)
        configuration.passkeys?.origins = ["ios:bundle-id:com.example.app"]
        #expect(await Self.refusal(configuration)?.contains("list the app with --apple-app-id") == true)
        configuration.passkeys?.origins = ["https://auth.example.com"]
        #expect(await Self.refusal(configuration) == nil)
        configuration.appleAppIDs = ["com.example.app"]
        #expect(await Self.refusal(configuration)?.contains("TEAMID.bundle.id") == true)
    }

    @Test("Numbers out of range are refused with the setting's name")
    func ranges() async {
        var configuration = ServerConfiguration()
        configuration.sendsNoMail = true
        configuration.passwordCost = 3
        #expect(await Self.refusal(configuration) == "The password cost must be between 4 and 31.")
        configuration.passwordCost = 12
        configuration.adminToken = "short"
        #expect(await Self.refusal(configuration)?.hasPrefix("The admin token must have at least") == true)
    }

    @Test("A root certificate other than Apple's for App Store purchases runs on loopback only, never behind https")
    func appStoreRoot() async throws {
        var configuration = ServerConfiguration()
        configuration.sendsNoMail = true
        configuration.appStore = try AppStoreVerifier(
            bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [try TestAppStore().rootDER])
        #expect(await Self.refusal(configuration) == nil)
        configuration.publicURL = "https://auth.example.com"
        #expect(
            await Self.refusal(configuration)?.hasPrefix("A root certificate other than Apple's is for tests") == true)
        configuration.appStore = try AppStoreVerifier(bundleID: "com.example.kordant", environment: .production)
        #expect(await Self.refusal(configuration) == nil, "Apple's own root")
    }

    @Test("A webhook lease shorter than a batch's attempts, or a retry wait of no time, is refused")
    func queues() async {
        var configuration = ServerConfiguration()
        configuration.sendsNoMail = true
        configuration.webhooks.retry.lease = 19
        #expect(await Self.refusal(configuration) == "The webhook lease must be between 20 and 3600 seconds.")
        configuration.webhooks.retry.lease = 20
        configuration.outbox.retry.firstDelay = 0
        #expect(await Self.refusal(configuration) == "The retry delay must be between 0.1 and 600 seconds.")
        configuration.outbox.retry.firstDelay = 0.5
        #expect(await Self.refusal(configuration) == nil)
    }
}

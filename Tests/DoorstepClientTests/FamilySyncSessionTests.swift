import DoorstepClient
import DoorstepFlow
import DoorstepPresentation
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("FamilySync through the SDK: \"Sync with iCloud\" is Sign in with Apple")
struct FamilySyncSessionTests {
    /// Opens FamilySync on a device and swipes through the carousel to the choice of where to save.
    func launch(
        _ backend: TestServer, _ http: TestHTTPClient, device: any DeviceEffects = NoDeviceEffects()
    ) async throws -> (FlowSession, DoorstepClient) {
        let (session, client) = try await openFlow("familysync", backend, http, device: device)
        try await session.tap("next")
        try await session.tap("next")
        try await session.tap("getStarted")
        #expect(await session.screen == "syncChoice")
        return (session, client)
    }

    /// A device signed in to the Apple ID `sub`.
    func phone(_ provider: FakeIdentityProvider, _ backend: TestServer, appleID sub: String) -> ProviderDevice {
        ProviderDevice(
            provider: provider,
            apple: .apple(
                sub: sub, email: "sam@privaterelay.appleid.com", audience: ProviderDevice.appleAudience,
                now: backend.clock.now))
    }

    @Test(
        "The card is Sign in with Apple and says the lists are on FamilySync's servers; without Apple it is not shown")
    func cardCopy() async throws {
        let backend = try await TestServer.make()
        try await backend.test { http in
            let (session, _) = try await launch(backend, http)
            let offered = await session.presented(at: backend.clock.now, offering: ["apple"])
            let apple = try #require(offered.cards.first { $0.action.id == "apple" }, "\(offered.cards)")
            #expect(apple.title == "Sign in with Apple")
            #expect(apple.detail.contains("kept on FamilySync's servers under your Apple ID"), "\(apple.detail)")
            #expect(apple.action.isEnabled)

            for providers: Set<String> in [[], ["google"]] {
                let without = await session.presented(at: backend.clock.now, offering: providers)
                #expect(!without.cards.contains { $0.action.id == "apple" }, "no Apple to offer: \(providers)")
                #expect(!without.allActions.contains { $0.id == "apple" })
                #expect(without.cards.map(\.title) == ["Continue as Guest"], "the guest's way stays")
            }
        }
    }

    @Test(
        "Choosing it signs in with Apple and goes on to household setup; another device with the Apple ID is the same account"
    )
    func signsInWithApple() async throws {
        let provider = try FakeIdentityProvider()
        try await provider.serveTrustingServer { backend, http in
            let (first, firstClient) = try await launch(
                backend, http, device: phone(provider, backend, appleID: "apple-sam"))
            #expect(await firstClient.authState == .signedOut)
            try await first.tap("apple")
            #expect(await first.screen == "householdSetup")
            #expect(await first.engine.snapshot.message == nil)
            let account = try await firstClient.me()
            #expect(!account.isGuest && account.providers == ["apple"])
            try await first.answer("householdName", "Smith Family")
            try await first.tap("create")
            #expect(await first.screen == "mainApp")
            #expect(await first.presented(at: backend.clock.now).texts.contains("Smith Family"))
            #expect(try await firstClient.me().id == account.id, "creating the household keeps the Apple account")

            let (second, secondClient) = try await launch(
                backend, http, device: phone(provider, backend, appleID: "apple-sam"))
            try await second.tap("apple")
            #expect(await second.screen == "householdSetup")
            #expect(try await secondClient.me().id == account.id, "the same Apple ID is the same account")
            #expect(try await secondClient.groups().map(\.name) == ["Smith Family"], "the same lists")
        }
    }
}

import DoorstepClient
import DoorstepFlow
import DoorstepPresentation
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Destiny through the SDK: who is signed in, and signing out")
struct DestinySessionTests {
    /// Opens Destiny on a device and plays the splash and Skip, to the sign-in screen.
    func launch(
        _ backend: TestServer, _ http: TestHTTPClient, device: any DeviceEffects = NoDeviceEffects(),
        tokens: any TokenStore = InMemoryTokenStore(), snapshots: any SnapshotStore = InMemorySnapshotStore()
    ) async throws -> (FlowSession, DoorstepClient) {
        let (session, client) = try await openFlow(
            "destiny", backend, http, device: device, tokens: tokens, snapshots: snapshots)
        try await session.fireTimer("launched")
        if await session.screen == "slide1" { try await session.tap("skip") }
        return (session, client)
    }

    /// Answers the birth data with the flow's examples and goes home.
    func tellBirthData(_ session: FlowSession) async throws {
        let flow = try #require(try FlowCatalog.bundled().flow("destiny"))
        #expect(await session.screen == "birthData")
        for field in ["dateOfBirth", "timeOfBirth", "cityOfBirth"] {
            try await session.answer(field, try #require(flow.field(field)?.example))
        }
        try await session.tap("continue")
        #expect(await session.screen == "home")
    }

    /// The address each way in signs in with: Apple's is a private relay, unlike any default.
    static let emails = [
        "email": "luna@example.com", "apple": "q7x2m9@privaterelay.appleid.com", "google": "luna.stars@gmail.com",
    ]

    @Test(
        "Home says \"Signed in as\" the account's email for an email, Apple or Google sign-in, and Sign Out ends the session",
        arguments: ["email", "apple", "google"])
    func signedInAsAndSignOut(_ way: String) async throws {
        let email = try #require(Self.emails[way])
        let provider = try FakeIdentityProvider()
        try await provider.serveTrustingServer { backend, http in
            let device = ProviderDevice(
                provider: provider,
                apple: .apple(
                    sub: "apple-luna", email: Self.emails["apple"], audience: ProviderDevice.appleAudience,
                    now: backend.clock.now),
                google: .google(
                    sub: "google-luna", email: Self.emails["google"], audience: ProviderDevice.googleAudience,
                    now: backend.clock.now))
            let tokens = InMemoryTokenStore()
            let snapshots = InMemorySnapshotStore()
            let (session, client) = try await launch(
                backend, http, device: device, tokens: tokens, snapshots: snapshots)
            #expect(await session.screen == "auth")
            if way == "email" {
                try await session.tap("email")
                try await session.answer("email", .string(email))
                try await session.tap("sendCode")
                #expect(await session.screen == "emailCode")
                try await session.answer("code", .string(try #require(await backend.latestCode(to: email))))
                try await session.tap("verify")
            } else {
                try await session.tap(way)
            }
            try await tellBirthData(session)
            let home = await session.presented(at: backend.clock.now)
            #expect(home.texts.contains("Signed in as: \(email)"), "\(home.texts)")
            #expect(try await client.me().email == email)

            try await session.tap("signOut")
            #expect(await session.screen == "auth")
            #expect(await client.authState == .signedOut)
            #expect(await !session.presented(at: backend.clock.now).texts.contains { $0.hasPrefix("Signed in") })

            let (relaunched, again) = try await launch(
                backend, http, device: device, tokens: tokens, snapshots: snapshots)
            #expect(await relaunched.screen == "auth", "signed out: the next launch asks to sign in, not home")
            #expect(await again.authState == .signedOut)
        }
    }

    @Test("A guest's home names no account")
    func guestHome() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (session, client) = try await launch(backend, http)
            try await session.tap("guest")
            try await tellBirthData(session)
            let home = await session.presented(at: backend.clock.now)
            #expect(home.texts.contains("Welcome to Destiny!"))
            #expect(!home.texts.contains { $0.hasPrefix("Signed in") }, "\(home.texts)")
            #expect(await client.authState == .signedOut, "the guest stays on the device")
        }
    }
}

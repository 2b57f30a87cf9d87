import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Kordant through the SDK: the terms, Remember me and the passkey screen")
struct KordantSessionTests {
    let server = URL(string: "http://doorstep.test")!

    /// Opens Kordant on a device: a client keeping its session in `tokens`, and the walk in `snapshots`.
    func launch(
        _ backend: TestServer, _ http: TestHTTPClient, device: any DeviceEffects = NoDeviceEffects(),
        tokens: any TokenStore = InMemoryTokenStore(), snapshots: any SnapshotStore = InMemorySnapshotStore()
    ) async throws -> (FlowSession, DoorstepClient) {
        try await openFlow("kordant", backend, http, device: device, tokens: tokens, snapshots: snapshots)
    }

    /// A device signed in to Apple and Google as Kim.
    func kimsPhone(_ provider: FakeIdentityProvider, _ backend: TestServer) -> ProviderDevice {
        ProviderDevice(
            provider: provider,
            apple: .apple(
                sub: "apple-kim", email: "kim@example.com", audience: ProviderDevice.appleAudience,
                now: backend.clock.now),
            google: .google(
                sub: "google-kim", email: "kim@example.com", audience: ProviderDevice.googleAudience,
                now: backend.clock.now))
    }

    /// The terms version Kordant's flow records.
    static let terms = "2026-05"

    @Test(
        "A new account made with Apple or Google is shown the terms before anything else, and its consent is kept",
        arguments: ["apple", "google"])
    func providerAccountAcceptsTerms(_ way: String) async throws {
        let provider = try FakeIdentityProvider()
        try await provider.serveTrustingServer { backend, http in
            let (session, client) = try await launch(backend, http, device: kimsPhone(provider, backend))
            #expect(await session.screen == "login")
            try await session.tap(way)
            #expect(await session.screen == "acceptTerms", "the first screen after making the account")
            #expect(try await client.consents().isEmpty, "nothing is accepted for the person")

            try await session.tap("continue")
            #expect(await session.screen == "acceptTerms", "the box is not ticked yet")
            #expect(
                await session.engine.issue(for: "acceptedTerms")?.message
                    == "Please accept the Terms of Service to continue.")
            #expect(try await client.consents().isEmpty)

            try await session.answer("acceptedTerms", true)
            try await session.tap("continue")
            #expect(await session.screen == "enableFaceID")
            let kept = try await client.consents().map { "\($0.document) \($0.version)" }
            #expect(kept == ["terms \(Self.terms)"])
        }
    }

    @Test("A password sign-up keeps the terms it ticked, and cannot go on without ticking them")
    func passwordSignUpRecordsTerms() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (session, client) = try await launch(backend, http)
            try await session.tap("signUp")
            #expect(await session.screen == "signup")
            try await session.answer("fullName", "Dana Reyes")
            try await session.answer("email", "dana@example.com")
            try await session.answer("password", "Shield-Up-2026!")
            try await session.answer("confirmPassword", "Shield-Up-2026!")
            try await session.tap("createAccount")
            #expect(await session.screen == "signup", "the terms are not ticked")
            #expect(await client.authState == .signedOut, "no account is made without the terms")

            try await session.answer("acceptedTerms", true)
            try await session.tap("createAccount")
            #expect(await session.screen == "plan", "a device without Face ID is not offered it")
            let kept = try await client.consents().map { "\($0.document) \($0.version)" }
            #expect(kept == ["terms \(Self.terms)"])
            #expect(try await client.me().name == "Dana Reyes")
        }
    }

    /// Makes Kim's account the way `way` signs in, then signs out: a password, a mailed code and a
    /// passkey, or Apple's or Google's sheet on the device.
    func makeAccount(
        signingInWith way: String, on device: ProviderDevice, _ client: DoorstepClient, _ backend: TestServer
    ) async throws {
        switch way {
        case "apple":
            let credential = try #require(await device.appleCredential())
            try await client.signInWithApple(
                identityToken: credential.identityToken, rawNonce: credential.rawNonce, authorizationCode: nil,
                firstName: nil, lastName: nil)
        case "google":
            let credential = try #require(await device.googleCredential())
            try await client.signInWithGoogle(idToken: credential.idToken, rawNonce: credential.rawNonce)
        case "passkey":
            try await client.sendCode(email: "kim@example.com", purpose: "signup")
            let code = try #require(await backend.latestCode(to: "kim@example.com"))
            try await client.verifyCode(email: "kim@example.com", code: code, purpose: "signup")
            let options = try await client.passkeyRegistrationOptions()
            let made = try #require(device.passkeys?.register(options))
            try await client.registerPasskey(
                credentialID: made.credentialID, clientDataJSON: made.clientDataJSON,
                attestationObject: made.attestationObject)
        default:
            try await client.signUp(
                email: "kim@example.com", password: Self.password, name: "Kim Park",
                consents: [("terms", Self.terms)])
        }
        try await client.logOut()
    }

    static let password = "Shield-Up-2026!"

    @Test(
        "Remember me keeps a sign-in for the next launch, and unticked the next launch starts signed out, whichever way in",
        arguments: ["signIn", "apple", "google", "passkey"], [true, false])
    func rememberMe(_ way: String, _ remember: Bool) async throws {
        let provider = try FakeIdentityProvider()
        let passkeys = PasskeyRelyingParty(id: "example.com", name: "Kordant", origins: ["https://example.com"])
        try await provider.serveTrustingServer(passkeys: passkeys) { backend, http in
            var device = kimsPhone(provider, backend)
            device.passkeys = DevicePasskeys()
            let (_, setUp) = try await launch(backend, http, device: device)
            try await makeAccount(signingInWith: way, on: device, setUp, backend)

            let tokens = InMemoryTokenStore()
            let snapshots = InMemorySnapshotStore()
            let (session, client) = try await launch(
                backend, http, device: device, tokens: tokens, snapshots: snapshots)
            #expect(await session.screen == "login")
            #expect(await session.engine.answer("rememberMe") == true, "ticked unless the person unticks it")
            if way == "signIn" {
                try await session.answer("email", "kim@example.com")
                try await session.answer("loginPassword", .string(Self.password))
            }
            if !remember { try await session.answer("rememberMe", false) }
            try await session.tap(way)
            let signedIn = await session.screen
            #expect(signedIn == (way == "passkey" ? "plan" : "enableFaceID"))
            #expect(await client.authState != .signedOut)

            let (relaunched, again) = try await launch(
                backend, http, device: device, tokens: tokens, snapshots: snapshots)
            if remember {
                #expect(await relaunched.screen == signedIn, "the next launch goes on where the person was")
                #expect(try await again.me().email == "kim@example.com")
            } else {
                #expect(await relaunched.screen == "login", "not remembered: the next launch asks again")
                #expect(await again.authState == .signedOut)
            }
        }
    }

    @Test("On the passkey screen, Use a password instead leads to choosing a password, which then signs in")
    func passwordInsteadOfPasskey() async throws {
        let backend = try await TestServer.make {
            $0.rateLimits = false
            $0.passkeys = PasskeyRelyingParty(id: "example.com", name: "Kordant", origins: ["https://example.com"])
        }
        try await backend.test { http in
            let (session, client) = try await launch(backend, http, device: PasskeyCapableDevice())
            try await session.tap("signUp")
            try await session.answer("fullName", "Dana Reyes")
            try await session.answer("email", "dana@example.com")
            try await session.answer("acceptedTerms", true)
            try await session.tap("passkeySignUp")
            #expect(await session.screen == "verifySignUp")
            try await session.answer(
                "signupCode", .string(try #require(await backend.latestCode(to: "dana@example.com"))))
            try await session.tap("verify")
            #expect(await session.screen == "createPasskey")
            #expect(try await client.me().hasPassword == false)

            try await session.tap("usePassword")
            #expect(await session.screen == "choosePassword")
            try await session.answer("password", .string(Self.password))
            try await session.answer("confirmPassword", .string(Self.password))
            try await session.tap("continue")
            #expect(await session.screen == "plan")
            #expect(await session.engine.snapshot.message == nil)
            #expect(try await client.me().hasPassword)
            #expect(try await client.passkeys().isEmpty)

            let other = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            try await other.logIn(email: "dana@example.com", password: Self.password)
            #expect(try await other.me().name == "Dana Reyes")
        }
    }
}

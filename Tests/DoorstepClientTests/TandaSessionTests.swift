import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// A device that makes passkeys: the offer to use Face ID next time shows on it.
struct PasskeyCapableDevice: DecliningDevice {
    func canMakePasskeys() async -> Bool { true }
}

@Suite("TANDA through the SDK")
struct TandaSessionTests {
    let server = URL(string: "http://doorstep.test")!

    /// Walks a new account from the carousel to the password step.
    func signUp(
        _ email: String, backend: TestServer, http: TestHTTPClient, device: any DeviceEffects = NoDeviceEffects()
    ) async throws -> (FlowSession, DoorstepClient) {
        let (session, client) = try await openFlow("tanda", backend, http, device: device)
        try await session.tap("getStarted")
        try await session.answer("email", .string(email))
        try await session.tap("continue")
        #expect(await session.screen == "verifyEmail")
        try await session.answer("code", .string(try #require(await backend.latestCode(to: email))))
        try await session.tap("verify")
        try await session.tap("continue")
        #expect(await session.screen == "createPassword")
        return (session, client)
    }

    func choose(_ password: String, on session: FlowSession) async throws {
        try await session.answer("password", .string(password))
        try await session.answer("confirmPassword", .string(password))
        try await session.tap("continue")
    }

    @Test("Going back to the password step and choosing another password works, and the new one signs in")
    func passwordChosenAgain() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (session, _) = try await signUp("sam@example.com", backend: backend, http: http)
            try await choose("Early-Days-2026", on: session)
            #expect(await session.screen == "name", "no passkey can be made on this device, so none is offered")
            try await session.back()
            #expect(await session.screen == "createPassword")
            try await choose("Sunny-Days-2026", on: session)
            #expect(await session.screen == "name")
            #expect(await session.engine.snapshot.message == nil)

            let other = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            await #expect(throws: DoorstepError.self) {
                try await other.logIn(email: "sam@example.com", password: "Early-Days-2026")
            }
            try await other.logIn(email: "sam@example.com", password: "Sunny-Days-2026")
        }
    }

    @Test("Face ID next time is offered only where a passkey can be made")
    func passkeyOffer() async throws {
        let plain = try await TestServer.make { $0.rateLimits = false }
        try await plain.test { http in
            let (session, _) = try await signUp(
                "sam@example.com", backend: plain, http: http, device: PasskeyCapableDevice())
            try await choose("Sunny-Days-2026", on: session)
            #expect(await session.screen == "name", "the server takes no passkeys")
        }
        let withPasskeys = try await TestServer.make {
            $0.rateLimits = false
            $0.passkeys = PasskeyRelyingParty(id: "example.com", name: "TANDA", origins: ["https://example.com"])
        }
        try await withPasskeys.test { http in
            let (session, _) = try await signUp(
                "kim@example.com", backend: withPasskeys, http: http, device: PasskeyCapableDevice())
            try await choose("Sunny-Days-2026", on: session)
            #expect(await session.screen == "addPasskey")
        }
    }

    @Test("A returning account without a password is mailed a sign-in code instead of being asked for one")
    func returningWithoutPassword() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (first, firstClient) = try await signUp("sam@example.com", backend: backend, http: http)
            #expect(await first.screen == "createPassword")
            try await firstClient.logOut()
            backend.clock.advance(by: 120)

            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
            let session = try await FlowSession(
                flow: flow, client: client, snapshots: InMemorySnapshotStore(), now: { backend.clock.now })
            try await session.tap("getStarted")
            try await session.tap("signIn")
            try await session.answer("email", "sam@example.com")
            try await session.tap("continue")
            #expect(await session.screen == "signInCode", "the account has no password to ask for")
            try await session.answer("loginCode", "000000")
            try await session.tap("signIn")
            #expect(await session.engine.issue(for: "loginCode")?.message == "That code isn't right. Please try again.")
            try await session.answer(
                "loginCode", .string(try #require(await backend.latestCode(to: "sam@example.com"))))
            try await session.tap("signIn")
            #expect(
                await session.screen == "createPassword", "the setup left at Create a Password carries on there")
            #expect(try await client.me().email == "sam@example.com")
        }
    }
}

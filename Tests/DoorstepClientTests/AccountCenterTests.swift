import DoorstepClient
import DoorstepTestSupport
import Foundation
import Testing

/// A device that declines every question: confirming who the person is included.
struct SilentDevice: DecliningDevice {
    func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof? { nil }
    func secondFactorCode(problem: String?) async -> String? { nil }
}

@Suite("The account center an app shows")
struct AccountCenterTests {
    let server = URL(string: "http://doorstep.test")!

    func signedIn(_ email: String, _ backend: TestServer, _ http: TestHTTPClient) async throws -> DoorstepClient {
        let client = DoorstepClient(
            serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
        try await client.sendCode(email: email, purpose: "signup")
        let code = try #require(await backend.latestCode(to: email))
        try await client.verifyCode(email: email, code: code, purpose: "signup")
        return client
    }

    @Test("It loads the account, saves a name, signs other sessions out and hands over the person's data")
    func everyday() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { @MainActor http in
            let phone = try await signedIn("ada@example.com", backend, http)
            let tablet = try await signedIn("ada@example.com", backend, http)
            let center = AccountCenter(client: phone, device: SilentDevice())
            await center.load()
            #expect(center.problem == nil)
            #expect(center.user?.email == "ada@example.com")
            #expect(center.sessions.count == 2 && center.sessions.filter(\.current).count == 1)
            #expect(center.secondFactor == .init(isOn: false, recoveryCodesLeft: 0))
            #expect(!center.offersPasskeys && center.passkeys.isEmpty, "this server runs without passkeys")

            await center.saveName(firstName: "Ada", lastName: "Lovelace")
            #expect(center.notice == "Your name is saved." && center.user?.firstName == "Ada")

            await center.savePhoto(Data("GIF89a".utf8))
            #expect(center.problem == "That photo can't be used. Choose a JPEG or PNG photo." && center.notice == nil)
            #expect(center.user?.avatarUrl == nil)
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 64)
            await center.savePhoto(png)
            #expect(center.problem == nil && center.notice == "Your photo is saved.")
            #expect(center.user?.avatarUrl?.hasPrefix("/v1/avatars/") == true)

            await center.signOutEverywhereElse()
            #expect(center.notice == "Signed out of 1 other session.")
            #expect(center.sessions.count == 1)
            await #expect(throws: DoorstepError.self) { try await tablet.me() }

            let data = try #require(await center.exportData())
            #expect(String(decoding: data, as: UTF8.self).contains("ada@example.com"))
        }
    }

    @Test("A change that needs a recent sign-in, declined by the person, says so and changes nothing")
    func declinedConfirmation() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { @MainActor http in
            let client = try await signedIn("sam@example.com", backend, http)
            backend.clock.advance(by: 11 * 60)
            let center = AccountCenter(client: client, device: SilentDevice())
            await center.deleteAccount()
            #expect(center.problem == "Confirm it's you to make this change.")
            #expect(!center.isDeleted)
            #expect(try await client.me().email == "sam@example.com", "nothing was deleted")

            await center.removePasskey(id: "no-such-passkey")
            #expect(center.problem != nil && !center.isWorking, "a refusal is words, never a crash")
        }
    }

    @Test("Right after signing in, deleting the account goes through and the center says it is gone")
    func deletion() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { @MainActor http in
            let client = try await signedIn("kim@example.com", backend, http)
            let center = AccountCenter(client: client, device: SilentDevice())
            await center.deleteAccount()
            #expect(center.problem == nil && center.isDeleted && center.user == nil)
        }
    }
}

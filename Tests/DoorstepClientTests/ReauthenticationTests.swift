import DoorstepClient
import DoorstepFlow
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

/// A device whose person types the code that was just mailed when asked to confirm who they are.
final class ConfirmingDevice: DecliningDevice {
    let backend: TestServer
    private let asked = Mutex<[IdentityConfirmation]>([])

    init(backend: TestServer) {
        self.backend = backend
    }

    var requests: [IdentityConfirmation] { asked.withLock { $0 } }

    func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof? {
        asked.withLock { $0.append(request) }
        return await backend.latestCode(to: request.email).map(IdentityProof.code)
    }
}

/// A device whose person types their password when asked to confirm who they are.
final class PasswordDevice: DecliningDevice {
    let password: String
    private let asked = Mutex<[IdentityConfirmation]>([])

    init(password: String) {
        self.password = password
    }

    var requests: [IdentityConfirmation] { asked.withLock { $0 } }

    func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof? {
        asked.withLock { $0.append(request) }
        return .password(password)
    }
}

@Suite("Confirming who you are for sensitive changes")
struct ReauthenticationTests {
    let server = URL(string: "http://doorstep.test")!

    /// A client that signed up with a code eleven minutes ago.
    func signedUpLongAgo(_ backend: TestServer, _ http: TestHTTPClient) async throws -> DoorstepClient {
        let client = DoorstepClient(
            serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
        try await client.sendCode(email: "sam@example.com", purpose: "signup")
        let code = try #require(await backend.latestCode(to: "sam@example.com"))
        try await client.verifyCode(email: "sam@example.com", code: code, purpose: "signup")
        backend.clock.advance(by: 11 * 60)
        return client
    }

    @Test("A flow's setPassword long after sign-in asks the person for a mailed code, then goes through")
    func effectAsksAndRetries() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let client = try await signedUpLongAgo(backend, http)

            let device = ConfirmingDevice(backend: backend)
            let runner = FlowEffectRunner(client: client, device: device)
            let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
            let result = await runner.run(
                EffectRequest(id: 1, name: "setPassword", arguments: ["newPassword": "Sunny-Days-2026"]), flow: flow,
                answers: [:])
            #expect(result == .success(["password.set": true]))
            #expect(device.requests == [IdentityConfirmation(hasPassword: false, email: "sam@example.com")])
            #expect(try await client.me().hasPassword)
        }
    }

    @Test("An app deleting the account long after sign-in asks for the password, then the account is gone")
    func appCodeAsksForPassword() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            try await client.signUp(email: "sam@example.com", password: "Sunny-Days-2026")
            backend.clock.advance(by: 11 * 60)
            let device = PasswordDevice(password: "Sunny-Days-2026")
            try await client.withRecentSignIn(confirmingWith: device) { try await client.deleteAccount() }
            #expect(device.requests == [IdentityConfirmation(hasPassword: true, email: "sam@example.com")])
            #expect(await client.authState == .signedOut)
            await #expect(throws: DoorstepError.self) {
                try await client.logIn(email: "sam@example.com", password: "Sunny-Days-2026")
            }
        }
    }

    @Test("A person who cancels keeps the account: the change fails as the server said")
    func cancelKeepsAccount() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let client = DoorstepClient(
                serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
            try await client.signUp(email: "sam@example.com", password: "Sunny-Days-2026")
            backend.clock.advance(by: 11 * 60)
            let error = await #expect(throws: DoorstepError.self) {
                try await client.withRecentSignIn(confirmingWith: NoDeviceEffects()) {
                    try await client.deleteAccount()
                }
            }
            #expect(error?.code == .reauthenticationRequired)
            #expect(try await client.me().email == "sam@example.com")
        }
    }

    @Test("Without a way to ask, the change fails with a message and nothing changes")
    func hostsThatCannotAsk() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let client = try await signedUpLongAgo(backend, http)
            let runner = FlowEffectRunner(client: client)
            let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
            let result = await runner.run(
                EffectRequest(id: 1, name: "setPassword", arguments: ["newPassword": "Sunny-Days-2026"]), flow: flow,
                answers: [:])
            guard case .failure(let failureCode, _) = result else {
                Issue.record("expected a failure, got \(result)")
                return
            }
            #expect(failureCode == "reauthentication_required")
            #expect(try await client.me().hasPassword == false)
        }
    }
}

import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

/// A device whose person types a wrong code first, then what the authenticator app shows.
final class AuthenticatorDevice: DecliningDevice {
    let secret: String
    let now: @Sendable () -> Date
    private let prompts = Mutex<[String?]>([])

    init(secret: String, now: @escaping @Sendable () -> Date) {
        self.secret = secret
        self.now = now
    }

    var problems: [String?] { prompts.withLock { $0 } }

    func secondFactorCode(problem: String?) async -> String? {
        let count = prompts.withLock {
            $0.append(problem)
            return $0.count
        }
        guard count > 1, let key = Base32.decode(secret) else { return "000000" }
        let totp = TOTP(secret: key)
        return totp.code(atStep: totp.step(at: now()))
    }
}

/// A device whose person types their password, then a wrong app code, then the right one, when asked
/// to confirm who they are.
final class PasswordAndAuthenticatorDevice: DecliningDevice {
    let password: String
    let authenticator: AuthenticatorDevice

    init(password: String, authenticator: AuthenticatorDevice) {
        self.password = password
        self.authenticator = authenticator
    }

    func confirmIdentity(_ request: IdentityConfirmation) async -> IdentityProof? { .password(password) }

    func secondFactorCode(problem: String?) async -> String? {
        await authenticator.secondFactorCode(problem: problem)
    }
}

@Suite("The SDK and a second factor")
struct SecondFactorClientTests {
    let server = URL(string: "http://doorstep.test")!

    /// A client signed up with a code, with the password `Sunny-Days-2026` and an authenticator app in force.
    func signedUpWithAuthenticator(
        _ email: String, _ backend: TestServer, _ http: TestHTTPClient
    ) async throws -> (DoorstepClient, enrolment: (secret: String, recoveryCodes: [String])) {
        let client = DoorstepClient(
            serverURL: server, transport: InProcessTransport(client: http), now: { backend.clock.now })
        try await client.sendCode(email: email, purpose: "signup")
        let code = try #require(await backend.latestCode(to: email))
        try await client.verifyCode(email: email, code: code, purpose: "signup")
        try await client.setPassword("Sunny-Days-2026")
        let enrolment = try await client.beginSecondFactorEnrolment()
        let totp = TOTP(secret: try #require(Base32.decode(enrolment.secret)))
        try await client.confirmSecondFactor(code: totp.code(atStep: totp.step(at: backend.clock.now)))
        return (client, (enrolment.secret, enrolment.recoveryCodes))
    }

    @Test("Enrolment through the SDK; a flow's log-in asks the device for the app's code, again after a wrong one")
    func logInAsksForTheCode() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (client, enrolment) = try await signedUpWithAuthenticator("sam@example.com", backend, http)
            #expect(enrolment.recoveryCodes.count == 10)
            let status = try await client.secondFactorStatus()
            #expect(status.enabled && status.recoveryCodesLeft == 10)
            try await client.logOut()
            backend.clock.advance(by: 30)

            let clock = backend.clock
            let device = AuthenticatorDevice(secret: enrolment.secret, now: { clock.now })
            let runner = FlowEffectRunner(client: client, device: device)
            let flow = try #require(try FlowCatalog.bundled().flow("tanda"))
            let result = await runner.run(
                EffectRequest(
                    id: 1, name: "logIn", arguments: ["email": "sam@example.com", "password": "Sunny-Days-2026"]),
                flow: flow, answers: [:])
            guard case .success(let values) = result else {
                Issue.record("expected a sign-in, got \(result)")
                return
            }
            #expect(values["session.active"] == true)
            #expect(device.problems.count == 2)
            #expect(device.problems.first == .some(nil))
            #expect(device.problems.last??.contains("isn't right") == true)
            #expect(try await client.me().email == "sam@example.com")
        }
    }

    @Test("Confirming who you are on an account with an authenticator asks for its code too, again after a wrong one")
    func reauthenticationAsksForTheCode() async throws {
        let backend = try await TestServer.make { $0.rateLimits = false }
        try await backend.test { http in
            let (client, enrolment) = try await signedUpWithAuthenticator("kim@example.com", backend, http)
            backend.clock.advance(by: 11 * 60)

            let clock = backend.clock
            let authenticator = AuthenticatorDevice(secret: enrolment.secret, now: { clock.now })
            let device = PasswordAndAuthenticatorDevice(password: "Sunny-Days-2026", authenticator: authenticator)
            try await client.withRecentSignIn(confirmingWith: device) { try await client.deleteAccount() }
            #expect(authenticator.problems.count == 2, "asked once, and again after the wrong code")
            #expect(authenticator.problems.last??.contains("isn't right") == true)
            let gone = try await backend.storage.read { try await $0.user(email: "kim@example.com") }
            #expect(gone == nil)
        }
    }
}

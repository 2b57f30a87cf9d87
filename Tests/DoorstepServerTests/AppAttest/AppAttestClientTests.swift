import Crypto
import DoorstepClient
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@testable import DoorstepClient

/// The SDK's side of App Attest against a server that enforces it, with Apple's service played by the test.
@Suite("App Attest from the SDK")
struct AppAttestClientTests {
    static let policy = "sign-up=enforce,code-send=enforce,guest=enforce,password-login=enforce"
    static let password = "Shield-Up-2026!"

    static func client(
        _ http: TestHTTPClient, _ backend: TestServer, appAttest: AppAttestSetup?
    ) -> DoorstepClient {
        DoorstepClient(
            serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
            now: { backend.clock.now }, retry: .never, appAttest: appAttest)
    }

    @Test("An install attests its key once and its sign-up, code sends, reset, log-ins and guests pass under enforce")
    func sdkPath() async throws {
        let apple = try TestAppAttest()
        let backend = try await AppAttestAPITests.server(Self.policy, apple: apple)
        try await backend.test { http in
            let device = SimulatedAppAttest(apple: apple)
            let keys = InMemoryAttestedKeyStore()
            let client = Self.client(http, backend, appAttest: AppAttestSetup(device: device, keys: keys))
            try await client.signUp(email: "app@example.com", password: Self.password)
            try await client.sendCode(email: "app@example.com", purpose: "login")
            try await client.forgotPassword(email: "app@example.com")
            try await client.logOut()
            try await client.logIn(email: "app@example.com", password: Self.password)
            try await client.logOut()
            try await client.continueAsGuest()
            #expect(await device.keysMade == 1)
            #expect(await device.assertionsMade == 5)
            #expect(try await keys.load() != nil)

            // The next launch finds the key in its store and attests nothing.
            let relaunched = Self.client(http, backend, appAttest: AppAttestSetup(device: device, keys: keys))
            try await relaunched.signUp(email: "second@example.com", password: Self.password)
            #expect(await device.keysMade == 1)
        }
    }

    @Test("A script, or an app without App Attest, is refused under enforce in words the app can show")
    func withoutProof() async throws {
        let apple = try TestAppAttest()
        let backend = try await AppAttestAPITests.server(Self.policy, apple: apple)
        try await backend.test { http in
            let unsupported = SimulatedAppAttest(apple: apple, isSupported: false)
            for setup in [nil, AppAttestSetup(device: unsupported, keys: InMemoryAttestedKeyStore())] {
                let client = Self.client(http, backend, appAttest: setup)
                let error = await #expect(throws: DoorstepError.self) {
                    try await client.signUp(email: "script@example.com", password: Self.password)
                }
                guard case .server(let problem) = error else {
                    Issue.record("expected a problem, got \(String(describing: error))")
                    continue
                }
                #expect(problem.status == 403 && problem.code == .attestationRequired)
                #expect(!problem.detail.isEmpty)
            }
            #expect(await unsupported.keysMade == 0)
        }
    }

    @Test("The simulator's requests pass under monitor, without proof")
    func simulatorUnderMonitor() async throws {
        let apple = try TestAppAttest()
        let backend = try await AppAttestAPITests.server("all=monitor", apple: apple)
        try await backend.test { http in
            let simulator = SimulatedAppAttest(apple: apple, isSupported: false)
            let client = Self.client(
                http, backend, appAttest: AppAttestSetup(device: simulator, keys: InMemoryAttestedKeyStore()))
            try await client.signUp(email: "simulator@example.com", password: Self.password)
            #expect(await simulator.assertionsMade == 0)
        }
    }

    @Test("A key the server does not know is replaced by a new attestation, and the request goes through")
    func forgottenKey() async throws {
        let apple = try TestAppAttest()
        let backend = try await AppAttestAPITests.server(Self.policy, apple: apple)
        try await backend.test { http in
            let device = SimulatedAppAttest(apple: apple)
            // A key attested against another server (or a database restored from before it).
            let stale = try await device.generateKey()
            let keys = InMemoryAttestedKeyStore(keyID: stale)
            let client = Self.client(http, backend, appAttest: AppAttestSetup(device: device, keys: keys))
            try await client.signUp(email: "restored@example.com", password: Self.password)
            #expect(await device.keysMade == 2)
            let kept = try await keys.load()
            #expect(kept != nil && kept != stale)
        }
    }

    @Test("Without an app to attest, the server's 404 is remembered and requests go unsigned")
    func serverWithoutApps() async throws {
        let apple = try TestAppAttest()
        let backend = try await TestServer.make()
        try await backend.test { http in
            let device = SimulatedAppAttest(apple: apple)
            let client = Self.client(
                http, backend, appAttest: AppAttestSetup(device: device, keys: InMemoryAttestedKeyStore()))
            try await client.signUp(email: "plain@example.com", password: Self.password)
            try await client.sendCode(email: "plain@example.com", purpose: "login")
            #expect(await device.keysMade == 0)
        }
    }

    @Test("The SDK signs exactly the operations whose contract takes the assertion header")
    func guardedOperationsFollowTheContract() throws {
        let contract = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/DoorstepAPI/openapi.yaml").standardized
        let text = try String(contentsOf: contract, encoding: .utf8)
        var taking: Set<String> = []
        var operation: String?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("operationId: ") { operation = String(trimmed.dropFirst("operationId: ".count)) }
            if trimmed == ##"- $ref: "#/components/parameters/AppAssertion""##, let operation {
                taking.insert(operation)
            }
        }
        #expect(!taking.isEmpty)
        #expect(AppAttestMiddleware.guarded == taking)
    }

    @Test("The SDK's SHA-256 is FIPS 180-4's", arguments: [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])
    func digest(length: Int) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(PortableSHA256.hash(message) == Data(SHA256.hash(data: message)))
        #expect(
            PortableSHA256.hash(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

/// `DCAppAttestService` on a device whose Secure Enclave the test holds, certified by `apple`.
actor SimulatedAppAttest: AppAttestDevice {
    let apple: TestAppAttest
    let isSupported: Bool
    private var keys: [String: (device: AttestingDevice, counter: UInt32)] = [:]
    private(set) var keysMade = 0
    private(set) var assertionsMade = 0

    init(apple: TestAppAttest, isSupported: Bool = true) {
        self.apple = apple
        self.isSupported = isSupported
    }

    func generateKey() async throws -> String {
        let device = AttestingDevice()
        let keyID = Data(device.keyID).base64EncodedString()
        keys[keyID] = (device, 0)
        keysMade += 1
        return keyID
    }

    func attestKey(_ keyID: String, clientDataHash: Data) async throws -> Data {
        guard let key = keys[keyID] else { throw CocoaError(.featureUnsupported) }
        return Data(try apple.attestation(of: key.device, clientDataHash: Array(clientDataHash)))
    }

    func generateAssertion(_ keyID: String, clientDataHash: Data) async throws -> Data {
        guard let key = keys[keyID] else { throw CocoaError(.featureUnsupported) }
        let counter = key.counter + 1
        keys[keyID]?.counter = counter
        assertionsMade += 1
        return Data(try key.device.assertion(clientDataHash: Array(clientDataHash), counter: counter))
    }
}

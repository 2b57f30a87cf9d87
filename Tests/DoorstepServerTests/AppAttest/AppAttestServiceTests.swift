import DoorstepSQLite
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Logging
import Testing

/// Challenges, attestation and assertions through the service and its storage.
@Suite("App Attest service")
struct AppAttestServiceTests {
    struct Harness {
        let apple: TestAppAttest
        let clock = ManualClock()
        let service: AppAttestService
        let storage: any Storage

        init(storage: any Storage = MemoryStorage()) throws {
            apple = try TestAppAttest()
            self.storage = storage
            service = AppAttestService(
                storage: storage, verifier: try apple.verifier(),
                context: ServiceContext(clock: clock, random: SecureRandomSource(), logger: Logger(label: "test")))
        }

        /// Attests `device` over a fresh challenge; returns the stored key.
        @discardableResult
        func attest(_ device: AttestingDevice) async throws -> AttestedKeyRecord {
            let challenge = try await service.issueChallenge().challenge
            return try await attest(device, challenge: challenge)
        }

        @discardableResult
        func attest(_ device: AttestingDevice, challenge: String) async throws -> AttestedKeyRecord {
            let bytes = try #require(Base64URL.decode(challenge))
            let object = try apple.attestation(of: device, clientDataHash: TestAppAttest.hash(bytes))
            return try await service.attest(
                keyID: Data(device.keyID).base64EncodedString(), attestationObject: Base64URL.encode(object),
                challenge: challenge)
        }

        /// An assertion of `device` over `body` and a fresh challenge.
        func assertion(_ device: AttestingDevice, body: [UInt8] = [], counter: UInt32) async throws -> AppAssertion {
            let challenge = try #require(Base64URL.decode(try await service.issueChallenge().challenge))
            let header = try device.header(body: body, challenge: challenge, counter: counter)
            return try AppAssertion.parse(header: header, body: body).get()
        }
    }

    @Test("An attested key's assertions pass while the counter rises, and the counter is kept")
    func attestAndAssert() async throws {
        let harness = try Harness()
        let device = AttestingDevice()
        let key = try await harness.attest(device)
        #expect(key.id == Base64URL.encode(device.keyID) && key.counter == 0 && key.environment == "production")
        #expect(key.receipt == Base64URL.encode(Array("test receipt".utf8)))
        let used = try await harness.service.verify(try await harness.assertion(device, body: [1, 2, 3], counter: 1))
        #expect(used.counter == 1)
        _ = try await harness.service.verify(try await harness.assertion(device, counter: 7))
        #expect(try await harness.storage.read { try await $0.attestedKey(id: key.id) }?.counter == 7)
    }

    @Test("A key is attested once")
    func attestedOnce() async throws {
        let harness = try Harness()
        let device = AttestingDevice()
        try await harness.attest(device)
        await #expect(throws: AppAttestError.alreadyAttested) { try await harness.attest(device) }
    }

    @Test("A challenge answers one attestation; a used, unknown or expired one is refused")
    func challengeOnce() async throws {
        let harness = try Harness()
        let challenge = try await harness.service.issueChallenge().challenge
        try await harness.attest(AttestingDevice(), challenge: challenge)
        await #expect(throws: AppAttestError.challengeInvalid) {
            try await harness.attest(AttestingDevice(), challenge: challenge)
        }
        await #expect(throws: AppAttestError.challengeInvalid) {
            try await harness.attest(AttestingDevice(), challenge: Base64URL.encode([UInt8](repeating: 7, count: 32)))
        }
        let late = try await harness.service.issueChallenge()
        harness.clock.advance(by: TimeInterval(late.expiresIn + 1))
        await #expect(throws: AppAttestError.challengeInvalid) {
            try await harness.attest(AttestingDevice(), challenge: late.challenge)
        }
    }

    @Test("A replayed assertion, an expired challenge, a counter that does not rise and an unknown key are refused")
    func assertionRefusals() async throws {
        let harness = try Harness()
        let device = AttestingDevice()
        try await harness.attest(device)
        let assertion = try await harness.assertion(device, counter: 3)
        _ = try await harness.service.verify(assertion)
        await #expect(throws: AppAttestError.challengeInvalid) { try await harness.service.verify(assertion) }
        let same = try await harness.assertion(device, counter: 3)
        await #expect(throws: AppAttestError.counterNotRising) { try await harness.service.verify(same) }
        let stale = try await harness.assertion(device, counter: 4)
        harness.clock.advance(by: AppAttestService.challengeLifetime + 1)
        await #expect(throws: AppAttestError.challengeInvalid) { try await harness.service.verify(stale) }
        let stranger = try await harness.assertion(AttestingDevice(), counter: 1)
        await #expect(throws: AppAttestError.unknownKey) { try await harness.service.verify(stranger) }
    }

    @Test("A body other than the one signed is refused")
    func bodyBound() async throws {
        let harness = try Harness()
        let device = AttestingDevice()
        try await harness.attest(device)
        let signed = try await harness.assertion(device, body: Array(#"{"email":"a@example.com"}"#.utf8), counter: 1)
        var swapped = signed
        swapped.bodyHash = TestAppAttest.hash(#"{"email":"b@example.com"}"#)
        await #expect(throws: AppAttestError.badSignature) { try await harness.service.verify(swapped) }
    }

    @Test("Challenges are kept only as hashes: the database file never holds one")
    func challengesHashedAtRest() async throws {
        let path = StorageKind.temporaryDatabasePath()
        let storage = try await SQLiteStorage.open(path: path)
        let harness = try Harness(storage: storage)
        var challenges: [String] = []
        for _ in 0..<3 { challenges.append(try await harness.service.issueChallenge().challenge) }
        try await storage.close()
        var bytes = Data()
        for suffix in ["", "-wal", "-shm", "-journal"] {
            bytes += FileManager.default.contents(atPath: path + suffix) ?? Data()
        }
        #expect(!bytes.isEmpty)
        for challenge in challenges {
            #expect(bytes.range(of: Data(challenge.utf8)) == nil, "a challenge is in the database as text")
            #expect(bytes.range(of: Data(try #require(Base64URL.decode(challenge)))) == nil, "as bytes")
        }
    }
}

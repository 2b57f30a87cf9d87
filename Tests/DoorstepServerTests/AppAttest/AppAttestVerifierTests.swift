import Crypto
import DoorstepServerCore
import Foundation
import Testing

/// Apple's server-side checks of an attestation and an assertion, with a certificate chain and
/// objects made in the test.
@Suite("App Attest verification")
struct AppAttestVerifierTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let clientDataHash = TestAppAttest.hash("a challenge the server issued")

    @Test("Apple's App Attestation root is the one Apple publishes")
    func appleRoot() throws {
        #expect(
            SHA256.hash(data: AppleRootCertificates.appAttestationRoot).map { String(format: "%02x", $0) }.joined()
                == "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932")
        #expect(try AppAttestVerifier(appIDs: [TestAppAttest.appID], environment: .production).trustsOnlyApple)
    }

    @Test("A valid attestation gives the key, its app and the receipt")
    func validAttestation() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let object = try apple.attestation(of: device, clientDataHash: clientDataHash)
        let verified = try await apple.verifier().verifyAttestation(
            object, keyID: device.keyID, clientDataHash: clientDataHash, at: now)
        #expect(verified.keyID == device.keyID)
        #expect(verified.publicKey == Array(device.key.publicKey.x963Representation))
        #expect(verified.appID == TestAppAttest.appID)
        #expect(verified.receipt == Array("test receipt".utf8))
    }

    @Test("The development environment is taken by a development server")
    func developmentEnvironment() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let object = try apple.attestation(of: device, clientDataHash: clientDataHash, environment: .development)
        _ = try await apple.verifier(environment: .development).verifyAttestation(
            object, keyID: device.keyID, clientDataHash: clientDataHash, at: now)
    }

    @Test("A chain to another root is refused")
    func wrongRoot() async throws {
        let apple = try TestAppAttest()
        let forger = try TestAppAttest()
        let device = AttestingDevice()
        let object = try forger.attestation(of: device, clientDataHash: clientDataHash)
        await #expect(throws: AppAttestError.self) {
            _ = try await apple.verifier().verifyAttestation(
                object, keyID: device.keyID, clientDataHash: clientDataHash, at: now)
        }
        let error = await attestationError(try apple.verifier(), object, keyID: device.keyID)
        guard case .untrustedChain = error else {
            Issue.record("expected an untrusted chain, got \(String(describing: error))")
            return
        }
        // Apple's real root trusts none of it either.
        let apples = try AppAttestVerifier(appIDs: [TestAppAttest.appID], environment: .production)
        guard case .untrustedChain = await attestationError(apples, object, keyID: device.keyID) else {
            Issue.record("Apple's root took a test chain")
            return
        }
    }

    @Test("A chain used after its certificates expired is refused")
    func expiredChain() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let object = try apple.attestation(of: device, clientDataHash: clientDataHash)
        let late = TestAppAttest.validUntil.addingTimeInterval(1)
        guard case .untrustedChain = await attestationError(try apple.verifier(), object, keyID: device.keyID, at: late)
        else {
            Issue.record("an expired chain was taken")
            return
        }
    }

    @Test("A nonce over other data, or for another challenge, is refused")
    func wrongNonce() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let forged = try apple.attestation(
            of: device, clientDataHash: clientDataHash, nonce: TestAppAttest.hash("something else"))
        #expect(await attestationError(try apple.verifier(), forged, keyID: device.keyID) == .nonceMismatch)
        let otherChallenge = try apple.attestation(
            of: device, clientDataHash: TestAppAttest.hash("another challenge"))
        #expect(await attestationError(try apple.verifier(), otherChallenge, keyID: device.keyID) == .nonceMismatch)
    }

    @Test("A key of another app (its RP id hash) is refused")
    func wrongApp() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let object = try apple.attestation(
            of: device, clientDataHash: clientDataHash, appID: "ZYXWV98765.com.example.other")
        #expect(await attestationError(try apple.verifier(), object, keyID: device.keyID) == .appIDMismatch)
    }

    @Test("A key of the other environment is refused", arguments: AppAttestEnvironment.allCases)
    func wrongEnvironment(_ server: AppAttestEnvironment) async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let other: AppAttestEnvironment = server == .production ? .development : .production
        let object = try apple.attestation(of: device, clientDataHash: clientDataHash, environment: other)
        #expect(
            await attestationError(try apple.verifier(environment: server), object, keyID: device.keyID)
                == .wrongEnvironment)
    }

    @Test("A key id that is not the certificate's key, or not the credential id, is refused")
    func keyIDMismatch() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let object = try apple.attestation(of: device, clientDataHash: clientDataHash)
        #expect(await attestationError(try apple.verifier(), object, keyID: AttestingDevice().keyID) == .keyIDMismatch)
        let otherCredential = try apple.attestation(
            of: device, clientDataHash: clientDataHash, credentialID: AttestingDevice().keyID)
        #expect(await attestationError(try apple.verifier(), otherCredential, keyID: device.keyID) == .keyIDMismatch)
    }

    @Test("A new key whose counter is not 0 is refused")
    func counterNotZero() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let object = try apple.attestation(of: device, clientDataHash: clientDataHash, counter: 1)
        #expect(await attestationError(try apple.verifier(), object, keyID: device.keyID) == .counterNotZero)
    }

    @Test("Bytes that are not an attestation are malformed, never a crash")
    func malformedAttestation() async throws {
        let apple = try TestAppAttest()
        let device = AttestingDevice()
        let notApple = CBOREncoder.encode(.map([CBORPair(key: .text("fmt"), value: .text("packed"))]))
        for bytes in [[], [0xFF, 0x00], notApple, Array(repeating: 0xA1, count: 40)] {
            guard case .malformed = await attestationError(try apple.verifier(), bytes, keyID: device.keyID) else {
                Issue.record("\(bytes) was not malformed")
                continue
            }
        }
    }

    @Test("A valid assertion gives its counter; a counter that does not rise, another key or app is refused")
    func assertions() throws {
        let verifier = try TestAppAttest().verifier()
        let device = AttestingDevice()
        let point = Array(device.key.publicKey.x963Representation)
        let assertion = try device.assertion(clientDataHash: clientDataHash, counter: 5)
        let counter = try verifier.verifyAssertion(
            assertion, clientDataHash: clientDataHash, publicKey: point, appID: TestAppAttest.appID, storedCounter: 4)
        #expect(counter == 5)
        #expect(throws: AppAttestError.counterNotRising) {
            try verifier.verifyAssertion(
                assertion, clientDataHash: clientDataHash, publicKey: point, appID: TestAppAttest.appID,
                storedCounter: 5)
        }
        #expect(throws: AppAttestError.badSignature) {
            try verifier.verifyAssertion(
                assertion, clientDataHash: TestAppAttest.hash("other request"), publicKey: point,
                appID: TestAppAttest.appID, storedCounter: 0)
        }
        let stranger = Array(AttestingDevice().key.publicKey.x963Representation)
        #expect(throws: AppAttestError.badSignature) {
            try verifier.verifyAssertion(
                assertion, clientDataHash: clientDataHash, publicKey: stranger, appID: TestAppAttest.appID,
                storedCounter: 0)
        }
        let otherApp = try device.assertion(
            clientDataHash: clientDataHash, counter: 9, appID: "ZYXWV98765.com.example.other")
        #expect(throws: AppAttestError.appIDMismatch) {
            try verifier.verifyAssertion(
                otherApp, clientDataHash: clientDataHash, publicKey: point, appID: TestAppAttest.appID,
                storedCounter: 0)
        }
        #expect(throws: AppAttestError.self) {
            try verifier.verifyAssertion(
                [0x01, 0x02], clientDataHash: clientDataHash, publicKey: point, appID: TestAppAttest.appID,
                storedCounter: 0)
        }
    }

    func attestationError(
        _ verifier: AppAttestVerifier, _ object: [UInt8], keyID: [UInt8], at date: Date? = nil
    ) async -> AppAttestError? {
        do {
            _ = try await verifier.verifyAttestation(
                object, keyID: keyID, clientDataHash: clientDataHash, at: date ?? now)
            return nil
        } catch {
            return error
        }
    }
}

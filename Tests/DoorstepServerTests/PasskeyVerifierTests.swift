import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// The relying party's checks, against a software authenticator that can also forge.
@Suite("Passkey verification")
struct PasskeyVerifierTests {
    let party = PasskeyRelyingParty(id: "example.com", name: "Example", origins: ["https://example.com"])
    var verifier: PasskeyVerifier { PasskeyVerifier(party: party) }
    let challenge = Array("a challenge of thirty-two bytes!!".utf8)

    @Test("A `none` and a `packed` self-attested credential register, keeping their flags")
    func registers() throws {
        for format in ["none", "packed"] {
            var authenticator = SoftwareAuthenticator()
            authenticator.attestationFormat = format
            let made = authenticator.register(challenge: challenge, rpID: "example.com", origin: "https://example.com")
            let result = try verifier.verifyRegistration(
                clientDataJSON: made.clientDataJSON, attestationObject: made.attestationObject, challenge: challenge)
            #expect(result.credentialID == authenticator.credentialID)
            #expect(result.attestation == format)
            #expect(result.backupEligible && result.backedUp)
            #expect(result.publicKey == .es256(authenticator.key.publicKey))
        }
    }

    @Test("A registration from another origin, for another RP ID, or for another challenge is refused")
    func refusesWrongScope() {
        let authenticator = SoftwareAuthenticator()
        let elsewhere = authenticator.register(challenge: challenge, rpID: "example.com", origin: "https://evil.test")
        #expect(throws: PasskeyError.originNotAllowed("https://evil.test")) {
            try verifier.verifyRegistration(
                clientDataJSON: elsewhere.clientDataJSON, attestationObject: elsewhere.attestationObject,
                challenge: challenge)
        }
        let otherRP = authenticator.register(challenge: challenge, rpID: "evil.test", origin: "https://example.com")
        #expect(throws: PasskeyError.rpIDMismatch) {
            try verifier.verifyRegistration(
                clientDataJSON: otherRP.clientDataJSON, attestationObject: otherRP.attestationObject,
                challenge: challenge)
        }
        let made = authenticator.register(challenge: challenge, rpID: "example.com", origin: "https://example.com")
        #expect(throws: PasskeyError.challengeInvalid) {
            try verifier.verifyRegistration(
                clientDataJSON: made.clientDataJSON, attestationObject: made.attestationObject,
                challenge: Array("another".utf8))
        }
    }

    @Test("Without user verification a ceremony is refused when the server requires it")
    func requiresUserVerification() {
        var authenticator = SoftwareAuthenticator()
        authenticator.userVerified = false
        let made = authenticator.register(challenge: challenge, rpID: "example.com", origin: "https://example.com")
        #expect(throws: PasskeyError.userNotVerified) {
            try verifier.verifyRegistration(
                clientDataJSON: made.clientDataJSON, attestationObject: made.attestationObject, challenge: challenge)
        }
    }

    @Test("An assertion verifies with the stored key; a tampered one, or one whose counter went back, does not")
    func assertions() throws {
        var authenticator = SoftwareAuthenticator()
        authenticator.signCount = 7
        let key = COSEKey.es256(authenticator.key.publicKey)
        let made = authenticator.assert(challenge: challenge, rpID: "example.com", origin: "https://example.com")
        let result = try verifier.verifyAssertion(
            clientDataJSON: made.clientDataJSON, authenticatorData: made.authenticatorData, signature: made.signature,
            challenge: challenge, publicKey: key, storedSignCount: 6, storedBackupEligible: true)
        #expect(result.signCount == 7 && result.userVerified)

        var tampered = made.signature
        tampered[tampered.count - 1] ^= 0x01
        #expect(throws: PasskeyError.badSignature) {
            try verifier.verifyAssertion(
                clientDataJSON: made.clientDataJSON, authenticatorData: made.authenticatorData, signature: tampered,
                challenge: challenge, publicKey: key, storedSignCount: 6, storedBackupEligible: true)
        }
        #expect(throws: PasskeyError.counterRegressed) {
            try verifier.verifyAssertion(
                clientDataJSON: made.clientDataJSON, authenticatorData: made.authenticatorData,
                signature: made.signature, challenge: challenge, publicKey: key, storedSignCount: 7,
                storedBackupEligible: true)
        }
        let other = COSEKey.es256(SoftwareAuthenticator().key.publicKey)
        #expect(throws: PasskeyError.badSignature) {
            try verifier.verifyAssertion(
                clientDataJSON: made.clientDataJSON, authenticatorData: made.authenticatorData,
                signature: made.signature, challenge: challenge, publicKey: other, storedSignCount: 0,
                storedBackupEligible: true)
        }
    }

    @Test("A registration's client data cannot be used to sign in, nor one framed in another site")
    func ceremonyType() {
        let authenticator = SoftwareAuthenticator()
        let made = authenticator.assert(challenge: challenge, rpID: "example.com", origin: "https://example.com")
        let createData = SoftwareAuthenticator.clientDataJSON(
            type: "webauthn.create", challenge: challenge, origin: "https://example.com")
        #expect(throws: PasskeyError.self) {
            try verifier.verifyAssertion(
                clientDataJSON: createData, authenticatorData: made.authenticatorData, signature: made.signature,
                challenge: challenge, publicKey: .es256(authenticator.key.publicKey), storedSignCount: 0,
                storedBackupEligible: true)
        }
        let framed = SoftwareAuthenticator.clientDataJSON(
            type: "webauthn.get", challenge: challenge, origin: "https://example.com", crossOrigin: true)
        #expect(throws: PasskeyError.originNotAllowed("https://example.com")) {
            try verifier.verifyAssertion(
                clientDataJSON: framed, authenticatorData: made.authenticatorData, signature: made.signature,
                challenge: challenge, publicKey: .es256(authenticator.key.publicKey), storedSignCount: 0,
                storedBackupEligible: true)
        }
    }
}

@Suite("CBOR")
struct CBORTests {
    @Test("What the encoder writes, the decoder reads back")
    func roundTrip() throws {
        let value = CBOR.map([
            CBORPair(key: .unsigned(1), value: .unsigned(2)), CBORPair(key: .negative(6), value: .bytes([1, 2, 3])),
            CBORPair(key: .text("fmt"), value: .text("none")),
            CBORPair(key: .text("list"), value: .array([.bool(true), .null, .unsigned(70_000), .float(1.5)])),
        ])
        #expect(try CBORDecoder.decode(CBOREncoder.encode(value)) == value)
        #expect(CBOR.negative(6).integer == -7)
    }

    @Test("Hostile input ends in an error, never a crash: random bytes, deep nesting, huge lengths")
    func hostileInput() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<64, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? CBORDecoder.decode(bytes)
        }
        let deep = [UInt8](repeating: 0x81, count: 100_000) + [0x00]
        #expect(throws: CBORError.tooDeep) { try CBORDecoder.decode(deep) }
        #expect(throws: CBORError.truncated) {
            try CBORDecoder.decode([0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        #expect(throws: CBORError.truncated) {
            try CBORDecoder.decode([0x9B, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        #expect(throws: CBORError.unsupported("indefinite length")) { try CBORDecoder.decode([0x9F, 0x01, 0xFF]) }
        #expect(throws: CBORError.invalidText) { try CBORDecoder.decode([0x62, 0xC3, 0x28]) }
        #expect(throws: CBORError.trailingBytes) { try CBORDecoder.decode([0x01, 0x02]) }
    }

    @Test("Authenticator data that lies about its lengths is refused")
    func authenticatorDataLengths() {
        var data = [UInt8](repeating: 0, count: 32) + [0x45, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 16)
        data += [0xFF, 0xFF]
        #expect(throws: PasskeyError.self) { try AuthenticatorData(data) }
        #expect(throws: PasskeyError.self) { try AuthenticatorData([UInt8](repeating: 0, count: 36)) }
    }
}

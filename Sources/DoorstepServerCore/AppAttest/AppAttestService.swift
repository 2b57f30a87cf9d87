import Crypto
import Foundation

/// App Attest on the server: single-use challenges, attestation of an install's key, and the check
/// of an assertion a protected request carries.
public struct AppAttestService: Sendable {
    /// How long a challenge is accepted.
    public static let challengeLifetime: TimeInterval = 300

    let storage: any Storage
    let verifier: AppAttestVerifier
    let context: ServiceContext

    /// Creates the service.
    public init(storage: any Storage, verifier: AppAttestVerifier, context: ServiceContext) {
        self.storage = storage
        self.verifier = verifier
        self.context = context
    }

    /// A new challenge, base64url, and how many seconds it is accepted for; only its hash is kept.
    public func issueChallenge() async throws -> (challenge: String, expiresIn: Int) {
        let challenge = Base64URL.encode(context.random.bytes(32))
        let now = context.clock.now
        try await storage.transaction { store in
            try await store.deleteAttestationChallenges(expiredBefore: now)
            try await store.insertAttestationChallenge(
                AttestationChallengeRecord(
                    hash: Self.challengeHash(challenge), expiresAt: now.addingTimeInterval(Self.challengeLifetime)))
        }
        return (challenge, Int(Self.challengeLifetime))
    }

    /// Verifies an attestation object made for `keyID` over SHA-256 of `challenge`, and keeps the key.
    /// - Parameters:
    ///   - keyID: the key id `DCAppAttestService` gave, base64 or base64url.
    ///   - attestationObject: the attestation, base64 or base64url.
    ///   - challenge: the challenge the server issued, as it was given.
    public func attest(keyID: String, attestationObject: String, challenge: String) async throws
        -> AttestedKeyRecord
    {
        guard let id = Self.bytes(keyID), id.count == 32 else {
            throw AppAttestError.malformed("the key id is not 32 bytes in base64")
        }
        guard let object = Self.bytes(attestationObject) else {
            throw AppAttestError.malformed("the attestation object is not base64")
        }
        guard let challengeBytes = Base64URL.decode(challenge) else { throw AppAttestError.challengeInvalid }
        try await take(challenge: challengeBytes)
        let now = context.clock.now
        let verified = try await verifier.verifyAttestation(
            object, keyID: id, clientDataHash: Array(SHA256.hash(data: challengeBytes)), at: now)
        let record = AttestedKeyRecord(
            id: Base64URL.encode(id), appID: verified.appID, publicKey: Base64URL.encode(verified.publicKey),
            counter: 0, receipt: verified.receipt.map(Base64URL.encode),
            environment: verifier.environment.rawValue, createdAt: now)
        do {
            try await storage.transaction { try await $0.insertAttestedKey(record) }
        } catch StorageError.duplicateAttestedKey {
            throw AppAttestError.alreadyAttested
        }
        context.audit.record(.deviceAttested, reason: "app=\(verified.appID) environment=\(record.environment)")
        return record
    }

    /// Checks an assertion a request carries: its challenge is taken (so it answers once), its
    /// signature verifies with the kept key, and the key's counter rises to the assertion's.
    public func verify(_ assertion: AppAssertion) async throws -> AttestedKeyRecord {
        try await take(challenge: assertion.challenge)
        let id = Base64URL.encode(assertion.keyID)
        guard let key = try await storage.read({ try await $0.attestedKey(id: id) }),
            let publicKey = Base64URL.decode(key.publicKey)
        else { throw AppAttestError.unknownKey }
        let counter = try verifier.verifyAssertion(
            assertion.assertion, clientDataHash: assertion.clientDataHash, publicKey: publicKey, appID: key.appID,
            storedCounter: key.counter)
        let now = context.clock.now
        guard try await storage.transaction({ try await $0.advanceAttestedKey(id: id, counter: counter, at: now) })
        else { throw AppAttestError.counterNotRising }
        var used = key
        used.counter = counter
        used.lastUsedAt = now
        return used
    }

    /// Takes the challenge from the store, so it cannot answer twice; refused when it is unknown,
    /// used or expired.
    func take(challenge: [UInt8]) async throws {
        let hash = Self.challengeHash(Base64URL.encode(challenge))
        let now = context.clock.now
        let record = try await storage.transaction { try await $0.takeAttestationChallenge(hash: hash) }
        guard let record, record.expiresAt >= now else { throw AppAttestError.challengeInvalid }
    }

    static func challengeHash(_ challenge: String) -> String {
        Digests.sha256Hex(challenge)
    }

    /// The bytes of base64 or base64url text: `DCAppAttestService` gives key ids in base64.
    static func bytes(_ text: String) -> [UInt8]? {
        Base64URL.decode(text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
    }
}

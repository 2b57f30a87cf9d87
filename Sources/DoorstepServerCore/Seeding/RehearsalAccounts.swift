import Crypto
import Foundation

/// One batch of rehearsal accounts with what hangs off them.
struct RehearsalAccounts: Sendable {
    var users: [UserRecord] = []
    var identities: [IdentityRecord] = []
    var passkeys: [PasskeyRecord] = []
    var sessions: [SessionRecord] = []
    var refreshTokens: [RefreshTokenRecord] = []

    /// The COSE key, as passkeys are stored, shared by every rehearsal passkey: a P-256 point whose x is
    /// the first SHA-256 of `doorstep rehearsal passkey <n>` that lies on the curve. Its private key is
    /// known to nobody, so no rehearsal passkey signs anyone in, and the rows are as large as real ones.
    static let passkeyPublicKey: String = {
        var attempt = 0
        while true {
            let x = Array(SHA256.hash(data: Array("doorstep rehearsal passkey \(attempt)".utf8)))
            if let key = try? P256.Signing.PublicKey(compressedRepresentation: [0x02] + x) {
                return Base64URL.encode(CBOREncoder.encode(COSEKey.es256(key).cbor))
            }
            attempt += 1
        }
    }()

    static func make(
        _ indices: Range<Int>, plan: RehearsalPlan, passwordHash: String, now: Date,
        using generator: inout SeededGenerator
    ) -> RehearsalAccounts {
        var batch = RehearsalAccounts()
        let span = TimeInterval(max(plan.days, 1) * 86_400)
        for index in indices {
            let createdAt = now.addingTimeInterval(-Double.random(in: 0..<span * 12, using: &generator))
            let hasPassword = generator.chance(plan.passwordShare)
            var providers: [String] = []
            let id = generator.uuid()
            for (provider, share) in [("apple", plan.appleShare), ("google", plan.googleShare)]
            where generator.chance(share) {
                providers.append(provider)
                batch.identities.append(
                    IdentityRecord(provider: provider, subject: "rehearsal-\(index)", userID: id, createdAt: createdAt))
            }
            batch.users.append(
                UserRecord(
                    id: id, email: RehearsalSeeder.email(index), emailVerified: generator.chance(0.9),
                    firstName: "Rehearsal", lastName: "\(index)",
                    language: ["en", "es", "ar"].randomElement(using: &generator),
                    passwordHash: hasPassword ? passwordHash : nil, providers: providers, createdAt: createdAt))
            if generator.chance(plan.passkeyShare) {
                batch.passkeys.append(
                    PasskeyRecord(
                        id: generator.uuid().uuidString, userID: id, publicKey: passkeyPublicKey, signCount: 0,
                        backupEligible: true, backedUp: true, name: "iCloud Keychain", createdAt: createdAt))
            }
            if generator.chance(plan.sessionShare) {
                let session = SessionRecord(
                    id: generator.uuid(), userID: id, createdAt: createdAt, expiresAt: now.addingTimeInterval(span),
                    userAgent: "Rehearsal/1 iPhone15,2")
                batch.sessions.append(session)
                batch.refreshTokens.append(
                    RefreshTokenRecord(
                        hash: Digests.sha256Hex(generator.uuid().uuidString), sessionID: session.id,
                        createdAt: createdAt))
            }
        }
        return batch
    }

    func write(to store: any StorageTransaction) async throws {
        try await store.insertImported(users, identities: identities)
        for passkey in passkeys { try await store.insertPasskey(passkey) }
        for session in sessions { try await store.insertSession(session) }
        for token in refreshTokens { try await store.insertRefreshToken(token) }
    }
}

import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertAttestedKey(_ key: AttestedKeyRecord) async throws {
        do {
            _ = try await rows(
                """
                INSERT INTO app_attest_keys (id, app_id, public_key, counter, receipt, environment, created_at,
                    last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(key.id), .text(key.appID), .text(key.publicKey), .integer(Int(key.counter)),
                    SQLValue.optional(key.receipt), .text(key.environment), .time(key.createdAt),
                    .time(key.lastUsedAt),
                ])
        } catch SQLError.uniqueViolation {
            throw StorageError.duplicateAttestedKey
        }
    }

    public func attestedKey(id: String) async throws -> AttestedKeyRecord? {
        guard let row = try await rows("SELECT * FROM app_attest_keys WHERE id = ?", [.text(id)]).first,
            let appID = row.string("app_id"), let publicKey = row.string("public_key"),
            let counter = row.integer("counter"), let environment = row.string("environment"),
            let createdAt = row.date("created_at")
        else { return nil }
        return AttestedKeyRecord(
            id: id, appID: appID, publicKey: publicKey, counter: UInt32(clamping: counter),
            receipt: row.string("receipt"), environment: environment, createdAt: createdAt,
            lastUsedAt: row.date("last_used_at"))
    }

    public func advanceAttestedKey(id: String, counter: UInt32, at date: Date) async throws -> Bool {
        !(try await rows(
            "UPDATE app_attest_keys SET counter = ?, last_used_at = ? WHERE id = ? AND counter < ? RETURNING id",
            [.integer(Int(counter)), .time(date), .text(id), .integer(Int(counter))]
        ).isEmpty)
    }

    public func insertAttestationChallenge(_ challenge: AttestationChallengeRecord) async throws {
        _ = try await rows(
            "INSERT INTO app_attest_challenges (hash, expires_at) VALUES (?, ?)",
            [.text(challenge.hash), .time(challenge.expiresAt)])
    }

    public func takeAttestationChallenge(hash: String) async throws -> AttestationChallengeRecord? {
        let taken = try await rows(
            "DELETE FROM app_attest_challenges WHERE hash = ? RETURNING expires_at", [.text(hash)]
        ).first
        return taken?.date("expires_at").map { AttestationChallengeRecord(hash: hash, expiresAt: $0) }
    }

    public func deleteAttestationChallenges(expiredBefore date: Date) async throws {
        _ = try await rows("DELETE FROM app_attest_challenges WHERE expires_at < ?", [.time(date)])
    }
}

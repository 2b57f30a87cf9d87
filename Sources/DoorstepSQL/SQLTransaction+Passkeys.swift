import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func insertPasskey(_ passkey: PasskeyRecord) async throws {
        do {
            _ = try await rows(
                """
                INSERT INTO passkeys (id, user_id, public_key, sign_count, backup_eligible, backed_up, name, created_at,
                    last_used_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(passkey.id), .text(passkey.userID.key), .text(passkey.publicKey),
                    .integer(Int(passkey.signCount)), .bool(passkey.backupEligible), .bool(passkey.backedUp),
                    .text(passkey.name), .time(passkey.createdAt), .time(passkey.lastUsedAt),
                ])
        } catch SQLError.uniqueViolation {
            throw StorageError.duplicatePasskey
        }
    }

    public func updatePasskey(_ passkey: PasskeyRecord) async throws {
        _ = try await rows(
            "UPDATE passkeys SET sign_count = ?, backed_up = ?, name = ?, last_used_at = ? WHERE id = ?",
            [
                .integer(Int(passkey.signCount)), .bool(passkey.backedUp), .text(passkey.name),
                .time(passkey.lastUsedAt), .text(passkey.id),
            ])
    }

    public func passkey(id: String) async throws -> PasskeyRecord? {
        try await rows("SELECT * FROM passkeys WHERE id = ?", [.text(id)]).first.flatMap(Self.passkey)
    }

    public func passkeys(userID: UUID) async throws -> [PasskeyRecord] {
        try await rows(
            "SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id", [.text(userID.key)]
        ).compactMap(Self.passkey)
    }

    public func deletePasskey(id: String) async throws {
        _ = try await rows("DELETE FROM passkeys WHERE id = ?", [.text(id)])
    }

    public func insertPasskeyChallenge(_ challenge: PasskeyChallengeRecord) async throws {
        _ = try await rows(
            "INSERT INTO passkey_challenges (hash, ceremony, user_id, expires_at) VALUES (?, ?, ?, ?)",
            [
                .text(challenge.hash), .text(challenge.ceremony.rawValue), SQLValue.optional(challenge.userID?.key),
                .time(challenge.expiresAt),
            ])
    }

    public func takePasskeyChallenge(hash: String) async throws -> PasskeyChallengeRecord? {
        let found = try await rows("SELECT * FROM passkey_challenges WHERE hash = ?", [.text(hash)]).first
        _ = try await rows("DELETE FROM passkey_challenges WHERE hash = ?", [.text(hash)])
        guard let found, let ceremony = found.string("ceremony").flatMap(PasskeyChallengeRecord.Ceremony.init),
            let expiresAt = found.date("expires_at")
        else { return nil }
        return PasskeyChallengeRecord(
            hash: hash, ceremony: ceremony, userID: found.uuid("user_id"), expiresAt: expiresAt)
    }

    public func deletePasskeyChallenges(expiredBefore date: Date) async throws {
        _ = try await rows("DELETE FROM passkey_challenges WHERE expires_at < ?", [.time(date)])
    }

    static func passkey(_ row: SQLRow) -> PasskeyRecord? {
        guard let id = row.string("id"), let userID = row.uuid("user_id"), let publicKey = row.string("public_key"),
            let signCount = row.integer("sign_count"), let name = row.string("name"),
            let createdAt = row.date("created_at")
        else { return nil }
        return PasskeyRecord(
            id: id, userID: userID, publicKey: publicKey, signCount: UInt32(clamping: signCount),
            backupEligible: row.bool("backup_eligible"), backedUp: row.bool("backed_up"), name: name,
            createdAt: createdAt, lastUsedAt: row.date("last_used_at"))
    }
}

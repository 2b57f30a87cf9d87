import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func secondFactor(userID: UUID) async throws -> SecondFactorRecord? {
        guard let row = try await rows("SELECT * FROM second_factors WHERE user_id = ?", [.text(userID.key)]).first,
            let secret = row.string("sealed_secret"), let createdAt = row.date("created_at")
        else { return nil }
        return SecondFactorRecord(
            userID: userID, sealedSecret: secret, confirmedAt: row.date("confirmed_at"),
            lastStep: Int64(row.integer("last_step") ?? 0), createdAt: createdAt)
    }

    public func saveSecondFactor(_ factor: SecondFactorRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO second_factors (user_id, sealed_secret, confirmed_at, last_step, created_at)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET sealed_secret = excluded.sealed_secret,
                confirmed_at = excluded.confirmed_at, last_step = excluded.last_step, created_at = excluded.created_at
            """,
            [
                .text(factor.userID.key), .text(factor.sealedSecret), .time(factor.confirmedAt),
                .integer(Int(factor.lastStep)), .time(factor.createdAt),
            ])
    }

    public func deleteSecondFactor(userID: UUID) async throws {
        _ = try await rows("DELETE FROM recovery_codes WHERE user_id = ?", [.text(userID.key)])
        _ = try await rows("DELETE FROM second_factors WHERE user_id = ?", [.text(userID.key)])
    }

    public func replaceRecoveryCodes(userID: UUID, hashes: [String]) async throws {
        _ = try await rows("DELETE FROM recovery_codes WHERE user_id = ?", [.text(userID.key)])
        for hash in hashes {
            _ = try await rows(
                "INSERT INTO recovery_codes (user_id, code_hash, used_at) VALUES (?, ?, NULL)",
                [.text(userID.key), .text(hash)])
        }
    }

    public func useRecoveryCode(userID: UUID, hash: String, at date: Date) async throws -> Bool {
        !(try await rows(
            """
            UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL
            RETURNING code_hash
            """,
            [.time(date), .text(userID.key), .text(hash)]
        ).isEmpty)
    }

    public func unusedRecoveryCodes(userID: UUID) async throws -> Int {
        try await rows(
            "SELECT COUNT(*) AS left_over FROM recovery_codes WHERE user_id = ? AND used_at IS NULL",
            [.text(userID.key)]
        ).first?.integer("left_over") ?? 0
    }

    public func insertSecondFactorChallenge(_ challenge: SecondFactorChallengeRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO second_factor_challenges (hash, user_id, method, expires_at, attempts, pending_password_hash)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(challenge.hash), .text(challenge.userID.key), .text(challenge.method),
                .time(challenge.expiresAt), .integer(challenge.attempts),
                challenge.pendingPasswordHash.map(SQLValue.text) ?? .null,
            ])
    }

    public func secondFactorChallenge(hash: String) async throws -> SecondFactorChallengeRecord? {
        guard
            let row = try await rows("SELECT * FROM second_factor_challenges WHERE hash = ?", [.text(hash)]).first,
            let userID = row.uuid("user_id"), let method = row.string("method"),
            let expiresAt = row.date("expires_at")
        else { return nil }
        return SecondFactorChallengeRecord(
            hash: hash, userID: userID, method: method, expiresAt: expiresAt, attempts: row.integer("attempts") ?? 0,
            pendingPasswordHash: row.string("pending_password_hash"))
    }

    public func updateSecondFactorChallenge(_ challenge: SecondFactorChallengeRecord) async throws {
        _ = try await rows(
            "UPDATE second_factor_challenges SET attempts = ? WHERE hash = ?",
            [.integer(challenge.attempts), .text(challenge.hash)])
    }

    public func deleteSecondFactorChallenge(hash: String, expiredBefore date: Date) async throws {
        _ = try await rows(
            "DELETE FROM second_factor_challenges WHERE hash = ? OR expires_at < ?", [.text(hash), .time(date)])
    }

    public func deleteSecondFactorChallenges(userID: UUID) async throws -> Int {
        try await rows(
            "DELETE FROM second_factor_challenges WHERE user_id = ? RETURNING hash", [.text(userID.key)]
        ).count
    }
}

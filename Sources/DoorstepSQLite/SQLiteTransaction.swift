import DoorstepServerCore
import Foundation
import SQLiteNIO

/// The repositories on one connection inside a transaction.
struct SQLiteTransaction: StorageTransaction {
    let connection: SQLiteConnection

    func rows(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await connection.query(sql, binds)
    }

    // MARK: - Users

    func insertUser(_ user: UserRecord) async throws {
        if let email = user.email, try await self.user(email: email) != nil { throw StorageError.duplicateEmail }
        _ = try await rows(
            """
            INSERT INTO users (id, email, email_verified, first_name, last_name, password_hash, is_guest, providers,
                avatar_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Self.userBinds(user))
    }

    func updateUser(_ user: UserRecord) async throws {
        if let email = user.email, let owner = try await self.user(email: email), owner.id != user.id {
            throw StorageError.duplicateEmail
        }
        var binds = Array(Self.userBinds(user).dropFirst())
        binds.append(.text(user.id.key))
        _ = try await rows(
            """
            UPDATE users SET email = ?, email_verified = ?, first_name = ?, last_name = ?, password_hash = ?,
                is_guest = ?, providers = ?, avatar_id = ?, created_at = ?, updated_at = ?
            WHERE id = ?
            """, binds)
    }

    func user(id: UUID) async throws -> UserRecord? {
        try await rows("SELECT * FROM users WHERE id = ?", [.text(id.key)]).first.flatMap(Self.user)
    }

    func user(email: String) async throws -> UserRecord? {
        try await rows("SELECT * FROM users WHERE email = ?", [.text(email)]).first.flatMap(Self.user)
    }

    func deleteUser(id: UUID) async throws {
        _ = try await rows("DELETE FROM users WHERE id = ?", [.text(id.key)])
    }

    static func userBinds(_ user: UserRecord) -> [SQLiteData] {
        let providers = (try? JSONEncoder().encode(user.providers)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return [
            .text(user.id.key), user.email.sqlite, .bool(user.emailVerified), user.firstName.sqlite,
            user.lastName.sqlite, user.passwordHash.sqlite, .bool(user.isGuest), .text(providers),
            user.avatarID.sqlite, .time(user.createdAt), .time(user.updatedAt),
        ]
    }

    static func user(_ row: SQLiteRow) -> UserRecord? {
        guard let id = row.uuid("id"), let createdAt = row.date("created_at") else { return nil }
        let providers = row.column("providers")?.string.flatMap {
            try? JSONDecoder().decode([String].self, from: Data($0.utf8))
        }
        var user = UserRecord(
            id: id, email: row.column("email")?.string, emailVerified: row.bool("email_verified"),
            firstName: row.column("first_name")?.string, lastName: row.column("last_name")?.string,
            passwordHash: row.column("password_hash")?.string, isGuest: row.bool("is_guest"),
            providers: providers ?? [], avatarID: row.column("avatar_id")?.string, createdAt: createdAt)
        user.updatedAt = row.date("updated_at") ?? createdAt
        return user
    }

    // MARK: - Sessions

    func insertSession(_ session: SessionRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO sessions (id, user_id, created_at, last_used_at, expires_at, revoked_at, user_agent)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(session.id.key), .text(session.userID.key), .time(session.createdAt), .time(session.lastUsedAt),
                .time(session.expiresAt), session.revokedAt.map(SQLiteData.time) ?? .null, session.userAgent.sqlite,
            ])
    }

    func updateSession(_ session: SessionRecord) async throws {
        _ = try await rows(
            "UPDATE sessions SET last_used_at = ?, expires_at = ?, revoked_at = ?, user_agent = ? WHERE id = ?",
            [
                .time(session.lastUsedAt), .time(session.expiresAt), session.revokedAt.map(SQLiteData.time) ?? .null,
                session.userAgent.sqlite, .text(session.id.key),
            ])
    }

    func session(id: UUID) async throws -> SessionRecord? {
        try await rows("SELECT * FROM sessions WHERE id = ?", [.text(id.key)]).first.flatMap(Self.session)
    }

    func sessions(userID: UUID) async throws -> [SessionRecord] {
        try await rows("SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at DESC", [.text(userID.key)])
            .compactMap(Self.session)
    }

    static func session(_ row: SQLiteRow) -> SessionRecord? {
        guard let id = row.uuid("id"), let userID = row.uuid("user_id"), let createdAt = row.date("created_at"),
            let expiresAt = row.date("expires_at")
        else { return nil }
        var session = SessionRecord(
            id: id, userID: userID, createdAt: createdAt, expiresAt: expiresAt,
            userAgent: row.column("user_agent")?.string)
        session.lastUsedAt = row.date("last_used_at") ?? createdAt
        session.revokedAt = row.date("revoked_at")
        return session
    }

    func insertRefreshToken(_ token: RefreshTokenRecord) async throws {
        _ = try await rows(
            "INSERT INTO refresh_tokens (hash, session_id, created_at, rotated_at) VALUES (?, ?, ?, ?)",
            [
                .text(token.hash), .text(token.sessionID.key), .time(token.createdAt),
                token.rotatedAt.map(SQLiteData.time) ?? .null,
            ])
    }

    func updateRefreshToken(_ token: RefreshTokenRecord) async throws {
        _ = try await rows(
            "UPDATE refresh_tokens SET rotated_at = ? WHERE hash = ?",
            [token.rotatedAt.map(SQLiteData.time) ?? .null, .text(token.hash)])
    }

    func refreshToken(hash: String) async throws -> RefreshTokenRecord? {
        guard let row = try await rows("SELECT * FROM refresh_tokens WHERE hash = ?", [.text(hash)]).first,
            let sessionID = row.uuid("session_id"), let createdAt = row.date("created_at")
        else { return nil }
        return RefreshTokenRecord(
            hash: hash, sessionID: sessionID, createdAt: createdAt, rotatedAt: row.date("rotated_at"))
    }
}

import DoorstepFlow
import DoorstepServerCore
import Foundation

/// The repositories on one connection, for SQLite and PostgreSQL alike: the storage that hands it
/// out decides whether it runs inside a transaction.
public struct SQLTransaction: StorageTransaction {
    let connection: any SQLConnection

    /// The repositories on `connection`.
    public init(connection: any SQLConnection) {
        self.connection = connection
    }

    func rows(_ sql: String, _ binds: [SQLValue] = []) async throws -> [SQLRow] {
        try await connection.query(sql, binds)
    }

    /// Runs a write whose unique index may refuse an email another account holds.
    func writeUser(_ sql: String, _ binds: [SQLValue]) async throws {
        do {
            _ = try await rows(sql, binds)
        } catch SQLError.uniqueViolation {
            throw StorageError.duplicateEmail
        }
    }

    // MARK: - Users

    public func insertUser(_ user: UserRecord) async throws {
        if let email = user.email, try await self.user(email: email) != nil { throw StorageError.duplicateEmail }
        try await writeUser(
            """
            INSERT INTO users (id, email, email_verified, first_name, last_name, password_hash, is_guest, providers,
                avatar_id, created_at, updated_at, full_name, language, disabled_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, Self.userBinds(user))
    }

    public func updateUser(_ user: UserRecord) async throws {
        if let email = user.email, let owner = try await self.user(email: email), owner.id != user.id {
            throw StorageError.duplicateEmail
        }
        var binds = Array(Self.userBinds(user).dropFirst())
        binds.append(.text(user.id.key))
        try await writeUser(
            """
            UPDATE users SET email = ?, email_verified = ?, first_name = ?, last_name = ?, password_hash = ?,
                is_guest = ?, providers = ?, avatar_id = ?, created_at = ?, updated_at = ?, full_name = ?, language = ?,
                disabled_at = ?
            WHERE id = ?
            """, binds)
    }

    public func user(id: UUID) async throws -> UserRecord? {
        try await rows("SELECT * FROM users WHERE id = ?", [.text(id.key)]).first.flatMap(Self.user)
    }

    public func user(email: String) async throws -> UserRecord? {
        try await rows("SELECT * FROM users WHERE email = ?", [.text(email)]).first.flatMap(Self.user)
    }

    public func deleteUser(id: UUID) async throws {
        _ = try await rows("DELETE FROM users WHERE id = ?", [.text(id.key)])
    }

    static func userBinds(_ user: UserRecord) -> [SQLValue] {
        // A list of strings always has a JSON form.
        let providers = String(
            decoding: (try? Value.array(user.providers.map(Value.string)).jsonData()) ?? Data("[]".utf8), as: UTF8.self)
        return [
            .text(user.id.key), SQLValue.optional(user.email), .bool(user.emailVerified),
            SQLValue.optional(user.firstName),
            SQLValue.optional(user.lastName), SQLValue.optional(user.passwordHash), .bool(user.isGuest),
            .text(providers),
            SQLValue.optional(user.avatarID), .time(user.createdAt), .time(user.updatedAt),
            SQLValue.optional(user.fullName), SQLValue.optional(user.language),
            .time(user.disabledAt),
        ]
    }

    static func user(_ row: SQLRow) -> UserRecord? {
        guard let id = row.uuid("id"), let createdAt = row.date("created_at") else { return nil }
        // Read on every signed-in request: the one-pass reader, not JSONDecoder.
        let providers = row.string("providers").flatMap { try? Value(json: $0) }?.arrayValue?.compactMap(\.stringValue)
        var user = UserRecord(
            id: id, email: row.string("email"), emailVerified: row.bool("email_verified"),
            firstName: row.string("first_name"), lastName: row.string("last_name"),
            fullName: row.string("full_name"), language: row.string("language"),
            passwordHash: row.string("password_hash"), isGuest: row.bool("is_guest"),
            providers: providers ?? [], avatarID: row.string("avatar_id"), createdAt: createdAt)
        user.updatedAt = row.date("updated_at") ?? createdAt
        user.disabledAt = row.date("disabled_at")
        return user
    }

    // MARK: - Sessions

    public func insertSession(_ session: SessionRecord) async throws {
        _ = try await rows(
            FrequentSQL.insertSession,
            [
                .text(session.id.key), .text(session.userID.key), .time(session.createdAt), .time(session.lastUsedAt),
                .time(session.expiresAt), .time(session.revokedAt), SQLValue.optional(session.userAgent),
                .time(session.authenticatedAt), .optional(session.deviceName), .optional(session.deviceModel),
            ])
    }

    public func updateSession(_ session: SessionRecord) async throws {
        _ = try await rows(
            FrequentSQL.updateSession,
            [
                .time(session.lastUsedAt), .time(session.expiresAt), .time(session.revokedAt),
                SQLValue.optional(session.userAgent), .time(session.authenticatedAt), .text(session.id.key),
            ])
    }

    public func markSessionUsed(id: UUID, at date: Date) async throws {
        _ = try await rows(FrequentSQL.markSessionUsed, [.time(date), .text(id.key), .time(date)])
    }

    public func session(id: UUID) async throws -> SessionRecord? {
        try await rows("SELECT * FROM sessions WHERE id = ?", [.text(id.key)]).first.flatMap(Self.session)
    }

    public func sessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)? {
        try await rows(FrequentSQL.sessionAndUser, [.text(sessionID.key)]).first.flatMap(Self.sessionAndUser)
    }

    public func refreshTokenSessionAndUser(hash: String) async throws -> (
        RefreshTokenRecord, SessionRecord, UserRecord
    )? {
        guard let row = try await rows(FrequentSQL.refreshTokenSessionAndUser, [.text(hash)]).first,
            let (session, user) = Self.sessionAndUser(row), let createdAt = row.date("token_created_at")
        else { return nil }
        let token = RefreshTokenRecord(
            hash: hash, sessionID: session.id, createdAt: createdAt, rotatedAt: row.date("token_rotated_at"))
        return (token, session, user)
    }

    /// Carries out `rotation` in ``FrequentSQL/rotateCurrentRefreshToken``, PostgreSQL's single
    /// statement: the session as it now is, its account and the entitlements it has and shares, or
    /// `nil` when the token is not its session's current one or the session has ended.
    public func rotateCurrentRefreshToken(_ rotation: RefreshRotation) async throws -> RotatedSession? {
        let rows = try await rows(
            FrequentSQL.rotateCurrentRefreshToken,
            [
                .text(rotation.tokenHash), .time(rotation.now), .time(rotation.sessionsCreatedAfter),
                .text(rotation.successorHash), .time(rotation.sessionExpiresAt),
                .text(EntitlementRecord.sharingGroupKind),
            ])
        guard let (session, user) = rows.first.flatMap(Self.sessionAndUser) else { return nil }
        let entitlements = rows.compactMap { Self.entitlement($0, prefix: "entitlement_") }
        return RotatedSession(session: session, user: user, entitlements: entitlements)
    }

    /// A session and its account from a row of one of the joined ``FrequentSQL`` reads.
    public static func sessionAndUser(_ row: SQLRow) -> (SessionRecord, UserRecord)? {
        guard let user = Self.user(row), let sessionID = row.uuid("session_id"),
            let createdAt = row.date("session_created_at"), let expiresAt = row.date("session_expires_at")
        else { return nil }
        var session = SessionRecord(
            id: sessionID, userID: user.id, createdAt: createdAt, expiresAt: expiresAt,
            userAgent: row.string("session_user_agent"))
        session.lastUsedAt = row.date("session_last_used_at") ?? createdAt
        session.revokedAt = row.date("session_revoked_at")
        session.authenticatedAt = row.date("session_authenticated_at") ?? createdAt
        return (session, user)
    }

    public func sessions(userID: UUID) async throws -> [SessionRecord] {
        try await rows("SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at DESC", [.text(userID.key)])
            .compactMap(Self.session)
    }

    static func session(_ row: SQLRow) -> SessionRecord? {
        guard let id = row.uuid("id"), let userID = row.uuid("user_id"), let createdAt = row.date("created_at"),
            let expiresAt = row.date("expires_at")
        else { return nil }
        var session = SessionRecord(
            id: id, userID: userID, createdAt: createdAt, expiresAt: expiresAt,
            userAgent: row.string("user_agent"))
        session.lastUsedAt = row.date("last_used_at") ?? createdAt
        session.revokedAt = row.date("revoked_at")
        session.authenticatedAt = row.date("authenticated_at") ?? createdAt
        session.deviceName = row.string("device_name")
        session.deviceModel = row.string("device_model")
        return session
    }

    public func insertRefreshToken(_ token: RefreshTokenRecord) async throws {
        _ = try await rows(
            FrequentSQL.insertRefreshToken,
            [
                .text(token.hash), .text(token.sessionID.key), .time(token.createdAt),
                .time(token.rotatedAt),
            ])
    }

    public func updateRefreshToken(_ token: RefreshTokenRecord) async throws {
        _ = try await rows(
            FrequentSQL.rotateRefreshToken,
            [.time(token.rotatedAt), .text(token.hash)])
    }

    public func refreshToken(hash: String) async throws -> RefreshTokenRecord? {
        guard let row = try await rows("SELECT * FROM refresh_tokens WHERE hash = ?", [.text(hash)]).first,
            let sessionID = row.uuid("session_id"), let createdAt = row.date("created_at")
        else { return nil }
        return RefreshTokenRecord(
            hash: hash, sessionID: sessionID, createdAt: createdAt, rotatedAt: row.date("rotated_at"))
    }
}

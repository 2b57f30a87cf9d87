import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func identity(provider: String, subject: String) async throws -> IdentityRecord? {
        try await rows(
            "SELECT * FROM identities WHERE provider = ? AND subject = ?", [.text(provider), .text(subject)]
        )
        .first.flatMap(Self.identity)
    }

    public func identities(userID: UUID) async throws -> [IdentityRecord] {
        try await rows("SELECT * FROM identities WHERE user_id = ? ORDER BY created_at, rowid", [.text(userID.key)])
            .compactMap(Self.identity)
    }

    public func insertIdentity(_ identity: IdentityRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO identities (provider, subject, user_id, provider_refresh_token, created_at) VALUES (?, ?, ?, ?, ?)
            """,
            [
                .text(identity.provider), .text(identity.subject), .text(identity.userID.key),
                SQLValue.optional(identity.providerRefreshToken), .time(identity.createdAt),
            ])
    }

    public func updateIdentity(_ identity: IdentityRecord) async throws {
        _ = try await rows(
            "UPDATE identities SET provider_refresh_token = ? WHERE provider = ? AND subject = ?",
            [SQLValue.optional(identity.providerRefreshToken), .text(identity.provider), .text(identity.subject)])
    }

    public func deleteIdentities(userID: UUID) async throws {
        _ = try await rows("DELETE FROM identities WHERE user_id = ?", [.text(userID.key)])
    }

    static func identity(_ row: SQLRow) -> IdentityRecord? {
        guard let provider = row.string("provider"), let subject = row.string("subject"),
            let userID = row.uuid("user_id"), let createdAt = row.date("created_at")
        else { return nil }
        return IdentityRecord(
            provider: provider, subject: subject, userID: userID,
            providerRefreshToken: row.string("provider_refresh_token"), createdAt: createdAt)
    }
}

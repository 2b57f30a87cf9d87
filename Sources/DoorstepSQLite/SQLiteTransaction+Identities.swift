import DoorstepServerCore
import Foundation
import SQLiteNIO

extension SQLiteTransaction {
    func identity(provider: String, subject: String) async throws -> IdentityRecord? {
        try await rows(
            "SELECT * FROM identities WHERE provider = ? AND subject = ?", [.text(provider), .text(subject)]
        )
        .first.flatMap(Self.identity)
    }

    func identities(userID: UUID) async throws -> [IdentityRecord] {
        try await rows("SELECT * FROM identities WHERE user_id = ? ORDER BY created_at, rowid", [.text(userID.key)])
            .compactMap(Self.identity)
    }

    func insertIdentity(_ identity: IdentityRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO identities (provider, subject, user_id, provider_refresh_token, created_at) VALUES (?, ?, ?, ?, ?)
            """,
            [
                .text(identity.provider), .text(identity.subject), .text(identity.userID.key),
                identity.providerRefreshToken.sqlite, .time(identity.createdAt),
            ])
    }

    func updateIdentity(_ identity: IdentityRecord) async throws {
        _ = try await rows(
            "UPDATE identities SET provider_refresh_token = ? WHERE provider = ? AND subject = ?",
            [identity.providerRefreshToken.sqlite, .text(identity.provider), .text(identity.subject)])
    }

    static func identity(_ row: SQLiteRow) -> IdentityRecord? {
        guard let provider = row.column("provider")?.string, let subject = row.column("subject")?.string,
            let userID = row.uuid("user_id"), let createdAt = row.date("created_at")
        else { return nil }
        return IdentityRecord(
            provider: provider, subject: subject, userID: userID,
            providerRefreshToken: row.column("provider_refresh_token")?.string, createdAt: createdAt)
    }
}

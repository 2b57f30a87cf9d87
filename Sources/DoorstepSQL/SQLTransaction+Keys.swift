import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func signingKeys() async throws -> [StoredKeyRecord] {
        try await rows("SELECT * FROM signing_keys ORDER BY created_at, id").compactMap(Self.storedKey)
    }

    public func insertSigningKey(_ key: StoredKeyRecord) async throws {
        _ = try await rows(
            "INSERT INTO signing_keys (id, material, sealed, created_at) VALUES (?, ?, ?, ?)", Self.binds(key))
    }

    public func updateSigningKey(_ key: StoredKeyRecord) async throws {
        _ = try await rows(
            "UPDATE signing_keys SET material = ?, sealed = ? WHERE id = ?",
            [.text(key.material), .bool(key.isSealed), .text(key.id)])
    }

    public func deleteSigningKey(id: String) async throws {
        _ = try await rows("DELETE FROM signing_keys WHERE id = ?", [.text(id)])
    }

    public func serverSecret(name: String) async throws -> StoredKeyRecord? {
        try await rows(
            "SELECT name AS id, material, sealed, created_at FROM server_secrets WHERE name = ?",
            [
                .text(name)
            ]
        ).first.flatMap(Self.storedKey)
    }

    public func saveServerSecret(_ secret: StoredKeyRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO server_secrets (name, material, sealed, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET material = excluded.material, sealed = excluded.sealed
            """, Self.binds(secret))
    }

    static func binds(_ key: StoredKeyRecord) -> [SQLValue] {
        [.text(key.id), .text(key.material), .bool(key.isSealed), .time(key.createdAt)]
    }

    static func storedKey(_ row: SQLRow) -> StoredKeyRecord? {
        guard let id = row.string("id"), let material = row.string("material"), let createdAt = row.date("created_at")
        else { return nil }
        return StoredKeyRecord(id: id, material: material, isSealed: row.bool("sealed"), createdAt: createdAt)
    }
}

extension SQLTransaction {
    public func saveAvatar(id: String, data: Data, contentType: String, at date: Date) async throws {
        _ = try await rows(
            """
            INSERT INTO avatars (id, content_type, data, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET content_type = excluded.content_type, data = excluded.data
            """, [.text(id), .text(contentType), .text(data.base64EncodedString()), .time(date)])
    }

    public func avatar(id: String) async throws -> (data: Data, contentType: String)? {
        guard let row = try await rows("SELECT content_type, data FROM avatars WHERE id = ?", [.text(id)]).first,
            let contentType = row.string("content_type"),
            let data = row.string("data").flatMap({ Data(base64Encoded: $0) })
        else { return nil }
        return (data, contentType)
    }

    public func deleteAvatar(id: String) async throws {
        _ = try await rows("DELETE FROM avatars WHERE id = ?", [.text(id)])
    }
}

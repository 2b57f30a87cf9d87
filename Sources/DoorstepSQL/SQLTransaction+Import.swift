import DoorstepServerCore
import Foundation

/// An import's batches: one statement to find the addresses and identities already here, one to add
/// the accounts and one their identities, a chunk at a time to stay within the databases' limits on
/// parameters.
extension SQLTransaction {
    public func holdsAnyAccount() async throws -> Bool {
        try await !rows("SELECT 1 AS one FROM users LIMIT 1").isEmpty
    }

    public func existingEmails(among emails: [String]) async throws -> Set<String> {
        var found = Set<String>()
        for chunk in Self.chunks(of: emails, size: 500) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            for row in try await rows("SELECT email FROM users WHERE email IN (\(marks))", chunk.map(SQLValue.text)) {
                if let email = row.string("email") { found.insert(email) }
            }
        }
        return found
    }

    public func existingIdentities(among identities: [ImportedUser.Identity]) async throws
        -> Set<ImportedUser.Identity>
    {
        var found = Set<ImportedUser.Identity>()
        for chunk in Self.chunks(of: identities, size: 500) {
            let marks = Array(repeating: "(?, ?)", count: chunk.count).joined(separator: ", ")
            let binds = chunk.flatMap { [SQLValue.text($0.provider), .text($0.subject)] }
            let sql = "SELECT provider, subject FROM identities WHERE (provider, subject) IN (\(marks))"
            for row in try await rows(sql, binds) {
                if let provider = row.string("provider"), let subject = row.string("subject") {
                    found.insert(ImportedUser.Identity(provider: provider, subject: subject))
                }
            }
        }
        return found
    }

    public func insertImported(_ users: [UserRecord], identities: [IdentityRecord]) async throws {
        for chunk in Self.chunks(of: users, size: 200) {
            let marks = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
            try await writeUser(
                """
                INSERT INTO users (id, email, email_verified, first_name, last_name, password_hash, is_guest, providers,
                    avatar_id, created_at, updated_at, full_name, language, disabled_at)
                VALUES \(marks.joined(separator: ", "))
                """, chunk.flatMap(Self.userBinds))
        }
        for chunk in Self.chunks(of: identities, size: 500) {
            let marks = Array(repeating: "(?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
            _ = try await rows(
                "INSERT INTO identities (provider, subject, user_id, provider_refresh_token, created_at) VALUES \(marks)",
                chunk.flatMap { identity in
                    [
                        .text(identity.provider), .text(identity.subject), .text(identity.userID.key),
                        SQLValue.optional(identity.providerRefreshToken), .time(identity.createdAt),
                    ]
                })
        }
    }

    static func chunks<Element>(of elements: [Element], size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: elements.count, by: size).map { elements[$0..<min($0 + size, elements.count)] }
    }
}

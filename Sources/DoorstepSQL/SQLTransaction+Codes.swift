import DoorstepServerCore
import Foundation

extension SQLTransaction {
    public func replaceCode(_ code: CodeRecord) async throws {
        _ = try await rows(
            """
            INSERT INTO codes (email, purpose, code_hash, created_at, expires_at, attempts) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (email, purpose) DO UPDATE SET code_hash = excluded.code_hash,
                created_at = excluded.created_at, expires_at = excluded.expires_at, attempts = excluded.attempts
            """,
            [
                .text(code.email), .text(code.purpose.rawValue), .text(code.codeHash), .time(code.createdAt),
                .time(code.expiresAt), .integer(code.attempts),
            ])
    }

    public func updateCode(_ code: CodeRecord) async throws {
        _ = try await rows(
            "UPDATE codes SET attempts = ? WHERE email = ? AND purpose = ? AND code_hash = ?",
            [.integer(code.attempts), .text(code.email), .text(code.purpose.rawValue), .text(code.codeHash)])
    }

    public func code(email: String, purpose: CodePurpose) async throws -> CodeRecord? {
        guard
            let row = try await rows(
                "SELECT * FROM codes WHERE email = ? AND purpose = ?",
                [.text(email), .text(purpose.rawValue)]
            ).first,
            let hash = row.string("code_hash"), let createdAt = row.date("created_at"),
            let expiresAt = row.date("expires_at")
        else { return nil }
        var code = CodeRecord(
            email: email, purpose: purpose, codeHash: hash, createdAt: createdAt, expiresAt: expiresAt)
        code.attempts = row.integer("attempts").map { Int($0) } ?? 0
        return code
    }

    public func deleteCode(email: String, purpose: CodePurpose) async throws {
        _ = try await rows(
            "DELETE FROM codes WHERE email = ? AND purpose = ?", [.text(email), .text(purpose.rawValue)])
    }

    public func recordCodeSend(email: String, client: String?, at date: Date) async throws {
        _ = try await rows(
            "DELETE FROM code_sends WHERE email = ? AND sent_at < ?",
            [.text(email), .time(date.addingTimeInterval(-86_400))])
        _ = try await rows(
            "INSERT INTO code_sends (email, sent_at, client) VALUES (?, ?, ?)",
            [.text(email), .time(date), client.map(SQLValue.text) ?? .null])
    }

    public func codeSends(email: String, since date: Date) async throws -> [CodeSend] {
        try await rows(
            "SELECT sent_at, client FROM code_sends WHERE email = ? AND sent_at >= ? ORDER BY sent_at",
            [.text(email), .time(date)]
        ).compactMap { row in row.date("sent_at").map { CodeSend(at: $0, client: row.string("client")) } }
    }

    public func recordLoginFailure(email: String, at date: Date) async throws {
        _ = try await rows(
            "DELETE FROM login_failures WHERE email = ? AND failed_at < ?",
            [.text(email), .time(date.addingTimeInterval(-86_400))])
        _ = try await rows("INSERT INTO login_failures (email, failed_at) VALUES (?, ?)", [.text(email), .time(date)])
    }

    public func loginFailures(email: String, since date: Date) async throws -> [Date] {
        try await rows(
            "SELECT failed_at FROM login_failures WHERE email = ? AND failed_at >= ? ORDER BY failed_at",
            [.text(email), .time(date)]
        ).compactMap { $0.date("failed_at") }
    }

    public func clearLoginFailures(email: String) async throws {
        _ = try await rows("DELETE FROM login_failures WHERE email = ?", [.text(email)])
    }
}

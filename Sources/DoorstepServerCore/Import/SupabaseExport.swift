import Foundation

/// An export of Supabase's `auth.users`, as JSON (a list of rows) or CSV with a header row: `email`,
/// `encrypted_password` (bcrypt), `email_confirmed_at`, `raw_user_meta_data` (`full_name` or `name`),
/// `created_at`, `banned_until`, and `identities` — the user's rows of `auth.identities` (`provider`
/// `apple` or `google`, the subject in `provider_id` or `identity_data.sub`), joined in as a JSON list.
public enum SupabaseExport {
    /// Every user of the file, or why each could not be read; a file that is neither is refused. A user
    /// banned until after `now` is imported disabled.
    public static func users(in data: Data, now: Date) throws(ImportError) -> [Result<ImportedUser, ImportRowProblem>] {
        let text = String(decoding: data, as: UTF8.self)
        if text.drop(while: \.isWhitespace).first == "[" {
            guard let rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
                throw ImportError("the file is not a JSON list of auth.users rows")
            }
            return rows.enumerated().map { index, row in user(row, place: "row \(index + 1)", now: now) }
        }
        guard let table = CSVTable(text), table.header.contains("email") else {
            throw ImportError("the file is neither a JSON list nor a CSV of auth.users with an \"email\" column")
        }
        return table.rows.map { line, fields in user(fields, place: "line \(line)", now: now) }
    }

    static func user(_ row: [String: Any], place: String, now: Date) -> Result<ImportedUser, ImportRowProblem> {
        func text(_ key: String) -> String? {
            switch row[key] {
            case let text as String: text.isEmpty ? nil : text
            case let number as NSNumber: number.stringValue
            default: nil
            }
        }
        func object(_ key: String) -> Any? {
            if let text = row[key] as? String { return try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
            return row[key]
        }
        var hash: ImportedPasswordHash?
        if let encrypted = text("encrypted_password") {
            guard encrypted.hasPrefix("$2") else {
                return .failure(ImportRowProblem(place: place, reason: "its encrypted_password is not a bcrypt hash"))
            }
            hash = .bcrypt(encrypted)
        }
        let metadata = object("raw_user_meta_data") as? [String: Any]
        let name = (metadata?["full_name"] ?? metadata?["name"]) as? String
        let banned = ExportTime.date(text("banned_until")).map { $0 > now } ?? false
        return .success(
            ImportedUser(
                place: place, email: text("email"), emailVerified: text("email_confirmed_at") != nil, name: name,
                passwordHash: hash, identities: identities(object("identities")),
                createdAt: ExportTime.date(text("created_at")), disabled: banned))
    }

    static func identities(_ value: Any?) -> [ImportedUser.Identity] {
        guard let rows = value as? [[String: Any]] else { return [] }
        return rows.compactMap { row in
            guard let provider = row["provider"] as? String, provider == "apple" || provider == "google" else {
                return nil
            }
            let data = row["identity_data"] as? [String: Any]
            guard let subject = (data?["sub"] ?? row["provider_id"]) as? String, !subject.isEmpty else { return nil }
            return ImportedUser.Identity(provider: provider, subject: subject)
        }
    }
}

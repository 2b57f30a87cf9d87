import DoorstepFlow
import Foundation

/// Auth0's user export: one JSON object per line (`email`, `email_verified`, `name`, `created_at`,
/// `blocked`, `identities` with `provider` `apple` or `google-oauth2` and the subject as `user_id`),
/// with the bcrypt hashes of Auth0's password-hash export (`passwordHash`, by `email`) — on the same
/// lines, or from a second file of the same form.
public enum Auth0Export {
    /// Every user of the file, or why each could not be read.
    public static func users(in data: Data, passwordHashes: Data? = nil) throws(ImportError)
        -> [Result<ImportedUser, ImportRowProblem>]
    {
        let hashes = try passwordHashes.map { data throws(ImportError) in try hashesByEmail(data) } ?? [:]
        var users: [Result<ImportedUser, ImportRowProblem>] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let place = "line \(index + 1)"
            guard let row = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                users.append(.failure(ImportRowProblem(place: place, reason: "it is not a JSON object")))
                continue
            }
            users.append(user(row, place: place, hashes: hashes))
        }
        if users.isEmpty { throw ImportError("the file has no users (Auth0 exports one JSON object per line)") }
        return users
    }

    static func user(_ row: [String: Any], place: String, hashes: [String: String]) -> Result<
        ImportedUser, ImportRowProblem
    > {
        let email = row["email"] as? String
        let hashText = (row["passwordHash"] as? String) ?? email.flatMap { hashes[EmailAddress.normalized($0)] }
        if let hashText, !hashText.hasPrefix("$2") {
            return .failure(ImportRowProblem(place: place, reason: "its passwordHash is not a bcrypt hash"))
        }
        let identities = (row["identities"] as? [[String: Any]] ?? []).compactMap {
            identity -> ImportedUser.Identity? in
            guard let subject = (identity["user_id"] as? String) ?? (identity["user_id"] as? NSNumber)?.stringValue
            else { return nil }
            switch identity["provider"] as? String {
            case "apple": return ImportedUser.Identity(provider: "apple", subject: subject)
            case "google-oauth2": return ImportedUser.Identity(provider: "google", subject: subject)
            default: return nil
            }
        }
        return .success(
            ImportedUser(
                place: place, email: email, emailVerified: row["email_verified"] as? Bool ?? false,
                name: row["name"] as? String, passwordHash: hashText.map(ImportedPasswordHash.bcrypt),
                identities: identities, createdAt: ExportTime.date(row["created_at"] as? String),
                disabled: row["blocked"] as? Bool ?? false))
    }

    private static func hashesByEmail(_ data: Data) throws(ImportError) -> [String: String] {
        var hashes: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let row = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ImportError("the password-hash file is not one JSON object per line")
            }
            if let email = row["email"] as? String, let hash = row["passwordHash"] as? String {
                hashes[EmailAddress.normalized(email)] = hash
            }
        }
        return hashes
    }
}

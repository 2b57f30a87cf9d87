import Foundation

/// The JSON `firebase auth:export` writes: `{"users": [...]}`, each with `localId`, `email`,
/// `emailVerified`, `passwordHash` and `salt` (base64, Firebase's scrypt), `displayName`,
/// `providerUserInfo` (Apple is `apple.com`, Google `google.com`, with the subject as `rawId`),
/// `createdAt` in milliseconds, and `disabled`.
public enum FirebaseExport {
    struct File: Decodable {
        var users: [Row]
    }

    struct Row: Decodable {
        var email: String?
        var emailVerified: Bool?
        var passwordHash: String?
        var salt: String?
        var displayName: String?
        var providerUserInfo: [Provider]?
        var createdAt: LenientText?
        var disabled: Bool?
    }

    struct Provider: Decodable {
        var providerId: String
        var rawId: String?
    }

    /// Every user of the file, or why each could not be read; a file that is not an export is refused.
    public static func users(in data: Data) throws(ImportError) -> [Result<ImportedUser, ImportRowProblem>] {
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            throw ImportError("the file is not the JSON of `firebase auth:export` (an object with a \"users\" list)")
        }
        return file.users.enumerated().map { index, row in user(row, place: "user \(index + 1)") }
    }

    static func user(_ row: Row, place: String) -> Result<ImportedUser, ImportRowProblem> {
        var hash: ImportedPasswordHash?
        if let passwordHash = row.passwordHash {
            guard let saltText = row.salt, let salt = Data(base64Encoded: saltText),
                let bytes = Data(base64Encoded: passwordHash)
            else {
                return .failure(ImportRowProblem(place: place, reason: "its passwordHash or salt is not base64"))
            }
            hash = .firebaseScrypt(salt: salt, hash: bytes)
        }
        let identities = (row.providerUserInfo ?? []).compactMap { provider -> ImportedUser.Identity? in
            guard let subject = provider.rawId, !subject.isEmpty else { return nil }
            switch provider.providerId {
            case "apple.com": return ImportedUser.Identity(provider: "apple", subject: subject)
            case "google.com": return ImportedUser.Identity(provider: "google", subject: subject)
            default: return nil
            }
        }
        return .success(
            ImportedUser(
                place: place, email: row.email, emailVerified: row.emailVerified ?? false, name: row.displayName,
                passwordHash: hash, identities: identities, createdAt: ExportTime.date(row.createdAt?.text),
                disabled: row.disabled ?? false))
    }
}

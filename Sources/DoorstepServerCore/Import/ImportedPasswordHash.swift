import Foundation

/// A password hash brought from another service, kept where the account's own hash goes until the
/// first sign-in that matches it replaces it with Doorstep's. Its text says its scheme, so it can never
/// be taken for one of Doorstep's own bcrypt hashes (`$2b$…`).
public enum ImportedPasswordHash: Sendable, Hashable {
    /// Firebase's modified scrypt: the user's salt and hash, checked with the project's parameters.
    case firebaseScrypt(salt: Data, hash: Data)
    /// bcrypt of the password itself (Supabase, Auth0), at whatever cost it was made.
    case bcrypt(String)

    private static let firebasePrefix = "imported:firebase-scrypt:"
    private static let bcryptPrefix = "imported:bcrypt:"

    /// The hash a stored password hash holds, if it is an imported one.
    public init?(stored: String?) {
        guard let stored else { return nil }
        if stored.hasPrefix(Self.bcryptPrefix) {
            self = .bcrypt(String(stored.dropFirst(Self.bcryptPrefix.count)))
        } else if stored.hasPrefix(Self.firebasePrefix) {
            let parts = stored.dropFirst(Self.firebasePrefix.count).split(separator: ":")
            guard parts.count == 2, let salt = Data(base64Encoded: String(parts[0])),
                let hash = Data(base64Encoded: String(parts[1]))
            else { return nil }
            self = .firebaseScrypt(salt: salt, hash: hash)
        } else {
            return nil
        }
    }

    /// The text kept as the account's password hash.
    public var stored: String {
        switch self {
        case .firebaseScrypt(let salt, let hash):
            Self.firebasePrefix + salt.base64EncodedString() + ":" + hash.base64EncodedString()
        case .bcrypt(let hash): Self.bcryptPrefix + hash
        }
    }
}

/// Checks passwords against imported hashes.
public enum ImportedPasswords {
    /// Whether `password` matches `imported`. A bcrypt hash needs a hasher that has bcrypt (the server's
    /// does, on its own threads); here it never matches.
    public static func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) -> Bool {
        switch imported {
        case .firebaseScrypt(let salt, let hash): firebase?.verify(password, salt: salt, hash: hash) ?? false
        case .bcrypt: false
        }
    }
}

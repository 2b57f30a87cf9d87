import DoorstepFlow
import Foundation
import Logging

/// Hashes new passwords and checks typed ones against stored hashes — Doorstep's own, or one imported
/// from another service, which is replaced by Doorstep's own once it has matched.
struct PasswordHashing: Sendable {
    let hasher: any PasswordHasher
    /// The parameters of the Firebase project accounts were imported from, if any.
    let firebase: FirebaseScrypt?
    /// A hash checked when an email has no account, so that such log-ins take as long as real ones.
    let decoyHash: String
    let logger: Logger

    /// The repositories replacing an imported hash touches.
    typealias Store = UserRepository

    /// Creates the hashing with a fresh decoy hash of a random secret.
    init(hasher: any PasswordHasher, keys: ServerKeys, random: any RandomSource, logger: Logger) async throws {
        self.hasher = hasher
        self.firebase = keys.firebaseScrypt
        self.decoyHash = try await hasher.hash(PasswordPrehash.bcryptInput(random.token()))
        self.logger = logger
    }

    /// Runs `work` once the hasher has a place for it (see ``PasswordHasher/whenAdmitted(_:)``).
    func whenAdmitted<Result>(_ work: () async throws -> Result) async throws -> Result {
        try await hasher.whenAdmitted(work)
    }

    /// Doorstep's hash of `password`.
    func hash(_ password: String) async throws -> String {
        try await hasher.hash(PasswordPrehash.bcryptInput(password))
    }

    /// Whether `password` matches `hash`; with no hash, the decoy is checked and the answer is no.
    func matches(_ password: String, _ hash: String?) async throws -> Bool {
        if let imported = ImportedPasswordHash(stored: hash) {
            return try await hasher.verify(password, imported: imported, firebase: firebase)
        }
        return try await hasher.verify(PasswordPrehash.bcryptInput(password), against: hash ?? decoyHash) && hash != nil
    }

    /// Doorstep's hash of `password` when `stored` is an imported hash it matched, else nil.
    func rehash(_ password: String, ifImported stored: String?, matched: Bool) async throws -> String? {
        guard matched, ImportedPasswordHash(stored: stored) != nil else { return nil }
        return try await hash(password)
    }

    /// The account with Doorstep's hash of its password in place of the imported one, which is gone
    /// from the store from this transaction on; unchanged if the hash changed meanwhile.
    func replaceImportedHash(of user: UserRecord, with rehash: String, in store: any Store) async throws -> UserRecord {
        guard var current = try await store.user(id: user.id), current.passwordHash == user.passwordHash else {
            return user
        }
        current.passwordHash = rehash
        try await store.updateUser(current)
        logger.info("imported password replaced", metadata: ["user": "\(user.id)"])
        return current
    }
}

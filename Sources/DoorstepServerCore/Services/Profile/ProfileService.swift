import DoorstepFlow
import Foundation
import Logging

/// The signed-in user's account: profile, consents, photo, and deleting it all.
public struct ProfileService: Sendable {
    let storage: any Storage
    let avatars: any AvatarStore
    let context: ServiceContext
    /// Work to do after an account is deleted, given the account and its provider identities (revoking
    /// its Apple token, for instance).
    let deletionHooks: [@Sendable (UserRecord, [IdentityRecord]) async -> Void]

    /// The largest photo accepted.
    public static let maximumAvatarSize = 5 * 1024 * 1024

    /// Creates the service.
    public init(
        storage: any Storage, avatars: any AvatarStore, context: ServiceContext,
        deletionHooks: [@Sendable (UserRecord, [IdentityRecord]) async -> Void] = []
    ) {
        self.storage = storage
        self.avatars = avatars
        self.context = context
        self.deletionHooks = deletionHooks
    }

    /// Changes the names given; `nil` leaves a name as it is, an empty string clears it. A name is kept
    /// in one form: a full `name` replaces a first and last name, and a first or last name replaces a
    /// full name.
    public func updateProfile(
        _ caller: Caller, firstName: String?, lastName: String?, name: String? = nil
    ) async throws -> UserRecord {
        let first = try firstName.map { try InputRules.validName($0, field: "firstName") }
        let last = try lastName.map { try InputRules.validName($0, field: "lastName") }
        let full = try name.map { try InputRules.validFullName($0) }
        return try await storage.transaction { store in
            guard var user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            let before = user
            if let full {
                user.fullName = full
                user.firstName = nil
                user.lastName = nil
            }
            if let first { user.firstName = first }
            if let last { user.lastName = last }
            if first != nil || last != nil { user.fullName = nil }
            var changed: [Value] = []
            if user.firstName != before.firstName { changed.append("firstName") }
            if user.lastName != before.lastName { changed.append("lastName") }
            if user.fullName != before.fullName { changed.append("name") }
            guard !changed.isEmpty else { return user }
            user.updatedAt = context.clock.now
            try await store.updateUser(user)
            try await context.webhooks.enqueue(
                .userUpdated, ["userId": .id(user.id), "changed": .array(changed)], in: store)
            return user
        }
    }

    /// Deletes the account, its answers, memberships, consents, sessions and photo in one transaction.
    public func deleteAccount(_ caller: Caller) async throws {
        try await deleteAccount(userID: caller.userID, whenMissing: .unauthenticated, deletedBy: "self")
    }

    /// Deletes an account by its id, as an operator does: the same deletion as the person's own, Apple
    /// revocation included. 404 when there is no such account.
    public func deleteAccount(userID: UUID) async throws {
        try await deleteAccount(userID: userID, whenMissing: .notFound, deletedBy: "operator")
    }

    private func deleteAccount(userID: UUID, whenMissing: ServiceError, deletedBy: String) async throws {
        let (user, identities) = try await storage.transaction { store -> (UserRecord, [IdentityRecord]) in
            guard let user = try await store.user(id: userID) else { throw whenMissing }
            let identities = try await store.identities(userID: user.id)
            // Every kind of credential and membership ends by the one list before the account goes, so
            // none outlives it in a store that does not cascade. `user.deleted` tells subscribers of all
            // of it at once.
            _ = try await AccountCredentials(webhooks: .disabled).end(
                CredentialKind.allCases, of: user, at: context.clock.now, in: store)
            try await store.deleteUser(id: user.id)
            try await context.webhooks.enqueue(
                .userDeleted, ["userId": .id(user.id), "deletedBy": .string(deletedBy)], in: store)
            return (user, identities)
        }
        if let avatarID = user.avatarID { try? await avatars.delete(id: avatarID) }
        for hook in deletionHooks { await hook(user, identities) }
        context.audit.record(.accountDeleted, user: user.id, actor: deletedBy == "self" ? "user" : deletedBy)
    }

    /// Records the documents the user accepted; returns every consent, newest per document.
    public func acceptConsents(_ caller: Caller, _ consents: [(document: String, version: String)]) async throws
        -> [ConsentRecord]
    {
        guard !consents.isEmpty else {
            throw ServiceError.invalid("consents", code: "invalid_count", "Send between 1 and 20 consents.")
        }
        try Self.checkConsents(consents)
        let now = context.clock.now
        return try await storage.transaction { store in
            try await Self.record(consents, of: caller.userID, at: now, in: store)
            return Self.newestPerDocument(try await store.consents(userID: caller.userID))
        }
    }

    /// Stores consents checked by ``checkConsents(_:)`` inside the caller's transaction.
    static func record(
        _ consents: [(document: String, version: String)], of userID: UUID, at now: Date,
        in store: any ProfileRepository
    ) async throws {
        for consent in consents {
            try await store.insertConsent(
                ConsentRecord(userID: userID, document: consent.document, version: consent.version, acceptedAt: now))
        }
    }

    /// Checks documents and versions as they come from a request: at most 20, each document named with
    /// letters, digits, `-` and `_`, each version short, given and printable.
    static func checkConsents(_ consents: [(document: String, version: String)]) throws(ServiceError) {
        guard consents.count <= 20 else {
            throw ServiceError.invalid("consents", code: "invalid_count", "Send between 1 and 20 consents.")
        }
        for (index, consent) in consents.enumerated() {
            guard Self.isToken(consent.document) else {
                throw ServiceError.invalid(
                    "consents[\(index)].document", code: "invalid_document",
                    "A document is named with letters, digits, - and _.")
            }
            guard !consent.version.isEmpty, consent.version.count <= 64,
                !TextRules.hasControlCharacters(consent.version)
            else {
                throw ServiceError.invalid(
                    "consents[\(index)].version", code: "invalid_version", "Give the version accepted.")
            }
        }
    }

    /// The user's consents, newest per document.
    public func consents(_ caller: Caller) async throws -> [ConsentRecord] {
        Self.newestPerDocument(try await storage.transaction { try await $0.consents(userID: caller.userID) })
    }

    /// Stores a JPEG or PNG photo (checked by its bytes, not its label) of at most 5 MB under a random id.
    public func uploadAvatar(_ caller: Caller, data: Data) async throws -> UserRecord {
        guard data.count <= Self.maximumAvatarSize else {
            throw ServiceError(status: 413, code: .payloadTooLarge, detail: "Photos can be at most 5 MB.")
        }
        guard let contentType = Self.imageType(of: data) else {
            throw ServiceError(status: 415, code: .unsupportedMediaType, detail: "Send a JPEG or PNG photo.")
        }
        let id = context.random.token(bytes: 16)
        try await avatars.save(data, id: id, contentType: contentType)
        let (user, previous) = try await storage.transaction { store -> (UserRecord, String?) in
            guard var user = try await store.user(id: caller.userID) else { throw ServiceError.unauthenticated }
            let previous = user.avatarID
            user.avatarID = id
            user.updatedAt = context.clock.now
            try await store.updateUser(user)
            try await context.webhooks.enqueue(
                .userUpdated, ["userId": .id(user.id), "changed": ["avatar"]], in: store)
            return (user, previous)
        }
        if let previous { try? await avatars.delete(id: previous) }
        return user
    }

    /// A stored photo.
    public func avatar(id: String) async throws -> (data: Data, contentType: String) {
        guard id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            let photo = try await avatars.load(id: id)
        else { throw ServiceError.notFound }
        return photo
    }

    /// `image/png` or `image/jpeg` when the bytes start like one.
    public static func imageType(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(8))
        if bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return "image/png" }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return "image/jpeg" }
        return nil
    }

    static func isToken(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func newestPerDocument(_ consents: [ConsentRecord]) -> [ConsentRecord] {
        var newest: [String: ConsentRecord] = [:]
        for consent in consents { newest[consent.document] = consent }
        return newest.values.sorted { ($0.acceptedAt, $0.document) < ($1.acceptedAt, $1.document) }
    }
}

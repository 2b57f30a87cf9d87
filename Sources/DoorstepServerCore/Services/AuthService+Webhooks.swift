import DoorstepFlow
import Foundation

extension AuthService {
    /// Adds an account and reports it (`user.created`, and `email.verified` when it was made with a
    /// proven address), in the caller's transaction.
    func createUser(_ user: UserRecord, in store: any StorageTransaction) async throws {
        try await store.insertUser(user)
        var data: [String: Value] = [
            "userId": .id(user.id), "emailVerified": .bool(user.emailVerified), "isGuest": .bool(user.isGuest),
        ]
        if let email = user.email { data["email"] = .string(email) }
        try await webhooks.enqueue(.userCreated, data, in: store)
        if user.emailVerified, user.email != nil {
            try await webhooks.enqueue(.emailVerified, .emailOf(user), in: store)
        }
    }
}

extension [String: Value] {
    /// An account's id and address, for the events whose receivers need the address.
    static func emailOf(_ user: UserRecord) -> Self {
        var data: Self = ["userId": .id(user.id)]
        if let email = user.email { data["email"] = .string(email) }
        return data
    }
}

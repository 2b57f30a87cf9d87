import Foundation

extension MemoryTransaction {
    func insertPasskey(_ passkey: PasskeyRecord) async throws {
        try state.withLock { state in
            guard state.passkeys[passkey.id] == nil else { throw StorageError.duplicatePasskey }
            state.passkeys[passkey.id] = passkey
        }
    }

    func updatePasskey(_ passkey: PasskeyRecord) async throws {
        state.withLock { state in
            if state.passkeys[passkey.id] != nil { state.passkeys[passkey.id] = passkey }
        }
    }

    func passkey(id: String) async throws -> PasskeyRecord? {
        state.withLock { $0.passkeys[id] }
    }

    func passkeys(userID: UUID) async throws -> [PasskeyRecord] {
        state.withLock { state in
            state.passkeys.values.filter { $0.userID == userID }.sorted {
                ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
            }
        }
    }

    func deletePasskey(id: String) async throws {
        state.withLock { _ = $0.passkeys.removeValue(forKey: id) }
    }

    func insertPasskeyChallenge(_ challenge: PasskeyChallengeRecord) async throws {
        state.withLock { $0.passkeyChallenges[challenge.hash] = challenge }
    }

    func takePasskeyChallenge(hash: String) async throws -> PasskeyChallengeRecord? {
        state.withLock { $0.passkeyChallenges.removeValue(forKey: hash) }
    }

    func deletePasskeyChallenges(expiredBefore date: Date) async throws {
        state.withLock { $0.passkeyChallenges = $0.passkeyChallenges.filter { $0.value.expiresAt >= date } }
    }
}

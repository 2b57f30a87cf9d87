import Foundation

extension MemoryTransaction {
    func insertAttestedKey(_ key: AttestedKeyRecord) async throws {
        try state.withLock { state in
            guard state.attestedKeys[key.id] == nil else { throw StorageError.duplicateAttestedKey }
            state.attestedKeys[key.id] = key
        }
    }

    func attestedKey(id: String) async throws -> AttestedKeyRecord? {
        state.withLock { $0.attestedKeys[id] }
    }

    func advanceAttestedKey(id: String, counter: UInt32, at date: Date) async throws -> Bool {
        state.withLock { state in
            guard let key = state.attestedKeys[id], key.counter < counter else { return false }
            state.attestedKeys[id]?.counter = counter
            state.attestedKeys[id]?.lastUsedAt = date
            return true
        }
    }

    func insertAttestationChallenge(_ challenge: AttestationChallengeRecord) async throws {
        state.withLock { $0.attestationChallenges[challenge.hash] = challenge }
    }

    func takeAttestationChallenge(hash: String) async throws -> AttestationChallengeRecord? {
        state.withLock { $0.attestationChallenges.removeValue(forKey: hash) }
    }

    func deleteAttestationChallenges(expiredBefore date: Date) async throws {
        state.withLock { $0.attestationChallenges = $0.attestationChallenges.filter { $0.value.expiresAt >= date } }
    }
}

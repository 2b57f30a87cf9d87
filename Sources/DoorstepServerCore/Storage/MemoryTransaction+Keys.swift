import Foundation

extension MemoryTransaction {
    func signingKeys() async throws -> [StoredKeyRecord] {
        state.withLock { $0.signingKeys.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }
    }

    func insertSigningKey(_ key: StoredKeyRecord) async throws {
        state.withLock { $0.signingKeys.append(key) }
    }

    func updateSigningKey(_ key: StoredKeyRecord) async throws {
        state.withLock { state in
            guard let index = state.signingKeys.firstIndex(where: { $0.id == key.id }) else { return }
            state.signingKeys[index].material = key.material
            state.signingKeys[index].isSealed = key.isSealed
        }
    }

    func deleteSigningKey(id: String) async throws {
        state.withLock { $0.signingKeys.removeAll { $0.id == id } }
    }

    func serverSecret(name: String) async throws -> StoredKeyRecord? {
        state.withLock { $0.serverSecrets[name] }
    }

    func saveServerSecret(_ secret: StoredKeyRecord) async throws {
        state.withLock { state in
            var stored = secret
            stored.createdAt = state.serverSecrets[secret.id]?.createdAt ?? secret.createdAt
            state.serverSecrets[secret.id] = stored
        }
    }
}

extension MemoryTransaction {
    func saveAvatar(id: String, data: Data, contentType: String, at date: Date) async throws {
        state.withLock { $0.avatars[id] = (data, contentType) }
    }

    func avatar(id: String) async throws -> (data: Data, contentType: String)? {
        state.withLock { $0.avatars[id] }
    }

    func deleteAvatar(id: String) async throws {
        state.withLock { $0.avatars[id] = nil }
    }
}

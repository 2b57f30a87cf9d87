import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Passkey storage conformance")
struct PasskeyStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(
        "Passkeys are kept per account, updated after use, refused twice, and go with the account",
        arguments: StorageKind.allCases)
    func passkeys(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let user = UserRecord(id: UUID(), email: "pat@example.com", createdAt: now)
            let other = UserRecord(id: UUID(), email: "lee@example.com", createdAt: now)
            try await storage.transaction { store in
                try await store.insertUser(user)
                try await store.insertUser(other)
            }
            let first = PasskeyRecord(
                id: "cred-1", userID: user.id, publicKey: "key-1", signCount: 0, backupEligible: true, backedUp: true,
                name: "Synced passkey", createdAt: now)
            let second = PasskeyRecord(
                id: "cred-2", userID: user.id, publicKey: "key-2", signCount: 3, backupEligible: false,
                backedUp: false, name: "Passkey on this device", createdAt: now.addingTimeInterval(10))
            try await storage.transaction { store in
                try await store.insertPasskey(second)
                try await store.insertPasskey(first)
            }
            await #expect(throws: StorageError.duplicatePasskey) {
                try await storage.transaction { try await $0.insertPasskey(first) }
            }
            #expect(
                try await storage.read { try await $0.passkeys(userID: user.id) }.map(\.id) == ["cred-1", "cred-2"])
            #expect(try await storage.read { try await $0.passkeys(userID: other.id) }.isEmpty)

            let used = PasskeyRecord(
                id: "cred-1", userID: user.id, publicKey: "key-1", signCount: 9, backupEligible: true, backedUp: false,
                name: "Synced passkey", createdAt: now, lastUsedAt: now.addingTimeInterval(60))
            try await storage.transaction { try await $0.updatePasskey(used) }
            #expect(try await storage.read { try await $0.passkey(id: "cred-1") } == used)

            try await storage.transaction { try await $0.deletePasskey(id: "cred-2") }
            #expect(try await storage.read { try await $0.passkey(id: "cred-2") } == nil)
            try await storage.transaction { try await $0.deleteUser(id: user.id) }
            #expect(try await storage.read { try await $0.passkey(id: "cred-1") } == nil)
        }
    }

    @Test("A challenge is taken once; expired ones are swept", arguments: StorageKind.allCases)
    func challenges(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let live = PasskeyChallengeRecord(
                hash: "live", ceremony: .registration, userID: UUID(), expiresAt: now.addingTimeInterval(300))
            let stale = PasskeyChallengeRecord(
                hash: "stale", ceremony: .authentication, userID: nil, expiresAt: now.addingTimeInterval(-1))
            try await storage.transaction { store in
                try await store.insertPasskeyChallenge(live)
                try await store.insertPasskeyChallenge(stale)
                try await store.deletePasskeyChallenges(expiredBefore: now)
            }
            #expect(try await storage.transaction { try await $0.takePasskeyChallenge(hash: "live") } == live)
            #expect(try await storage.transaction { try await $0.takePasskeyChallenge(hash: "live") } == nil)
            #expect(try await storage.transaction { try await $0.takePasskeyChallenge(hash: "stale") } == nil)
        }
    }
}

import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("App Attest storage conformance")
struct AppAttestStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("A key is kept once, and its counter only rises", arguments: StorageKind.allCases)
    func keys(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let key = AttestedKeyRecord(
                id: "key-1", appID: "ABCDE12345.com.example.app", publicKey: "point", counter: 0,
                receipt: "receipt", environment: "production", createdAt: now)
            let bare = AttestedKeyRecord(
                id: "key-2", appID: "ABCDE12345.com.example.app", publicKey: "other", counter: 0, receipt: nil,
                environment: "development", createdAt: now)
            try await storage.transaction { store in
                try await store.insertAttestedKey(key)
                try await store.insertAttestedKey(bare)
            }
            await #expect(throws: StorageError.duplicateAttestedKey) {
                try await storage.transaction { try await $0.insertAttestedKey(key) }
            }
            #expect(try await storage.read { try await $0.attestedKey(id: "key-1") } == key)
            #expect(try await storage.read { try await $0.attestedKey(id: "key-2") } == bare)
            #expect(try await storage.read { try await $0.attestedKey(id: "nobody") } == nil)

            let later = now.addingTimeInterval(60)
            #expect(
                try await storage.transaction { try await $0.advanceAttestedKey(id: "key-1", counter: 4, at: later) })
            #expect(
                !(try await storage.transaction { try await $0.advanceAttestedKey(id: "key-1", counter: 4, at: later) })
            )
            #expect(
                !(try await storage.transaction { try await $0.advanceAttestedKey(id: "key-1", counter: 2, at: later) })
            )
            #expect(
                !(try await storage.transaction { try await $0.advanceAttestedKey(id: "nobody", counter: 9, at: later) })
            )
            var advanced = key
            advanced.counter = 4
            advanced.lastUsedAt = later
            #expect(try await storage.read { try await $0.attestedKey(id: "key-1") } == advanced)
        }
    }

    @Test("A challenge is taken once; expired ones are swept", arguments: StorageKind.allCases)
    func challenges(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let live = AttestationChallengeRecord(hash: "live", expiresAt: now.addingTimeInterval(300))
            let stale = AttestationChallengeRecord(hash: "stale", expiresAt: now.addingTimeInterval(-1))
            try await storage.transaction { store in
                try await store.insertAttestationChallenge(live)
                try await store.insertAttestationChallenge(stale)
                try await store.deleteAttestationChallenges(expiredBefore: now)
            }
            #expect(try await storage.transaction { try await $0.takeAttestationChallenge(hash: "live") } == live)
            #expect(try await storage.transaction { try await $0.takeAttestationChallenge(hash: "live") } == nil)
            #expect(try await storage.transaction { try await $0.takeAttestationChallenge(hash: "stale") } == nil)
        }
    }
}

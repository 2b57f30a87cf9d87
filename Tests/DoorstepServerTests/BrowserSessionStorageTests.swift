import DoorstepServerCore
import Foundation
import Testing

@Suite("Storage conformance: browser sessions")
struct BrowserSessionStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("A browser's state is saved, replaced, expired and deleted", arguments: StorageKind.allCases)
    func roundTrip(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let first = BrowserSessionRecord(
                idHash: "hash-a", state: Data(#"{"step":1}"#.utf8), updatedAt: now, expiresAt: now + 60)
            let other = BrowserSessionRecord(
                idHash: "hash-b", state: Data(#"{"step":9}"#.utf8), updatedAt: now, expiresAt: now + 3_600)
            try await storage.transaction { store in
                try await store.saveBrowserSession(first)
                try await store.saveBrowserSession(other)
            }
            #expect(try await storage.transaction { try await $0.browserSession(idHash: "hash-a") } == first)

            var replaced = first
            replaced.state = Data(#"{"step":2}"#.utf8)
            replaced.expiresAt = now + 120
            try await storage.transaction { [replaced] in try await $0.saveBrowserSession(replaced) }
            #expect(try await storage.transaction { try await $0.browserSession(idHash: "hash-a") } == replaced)

            try await storage.transaction { [now] in try await $0.deleteBrowserSessions(expiredBefore: now + 600) }
            #expect(try await storage.transaction { try await $0.browserSession(idHash: "hash-a") } == nil)
            #expect(try await storage.transaction { try await $0.browserSession(idHash: "hash-b") } == other)

            try await storage.transaction { try await $0.deleteBrowserSession(idHash: "hash-b") }
            #expect(try await storage.transaction { try await $0.browserSession(idHash: "hash-b") } == nil)
        }
    }
}

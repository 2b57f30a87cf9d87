import DoorstepServerCore
import Foundation
import Testing

@Suite("Storage conformance: reads")
struct StorageReadTests {
    @Test("A read sees every committed write", arguments: StorageKind.allCases)
    func readsSeeCommits(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            for index in 0..<20 {
                let user = UserRecord(
                    id: UUID(), email: "reader\(index)@example.com",
                    createdAt: Date(timeIntervalSince1970: 1_790_000_000))
                try await storage.transaction { try await $0.insertUser(user) }
                #expect(try await storage.read { try await $0.user(id: user.id) } == user)
            }
        }
    }

    @Test("SQLite's read connections refuse writes")
    func readOnly() async throws {
        try await StorageKind.sqlite.withStorage { (storage: any Storage) async throws in
            let user = UserRecord(id: UUID(), email: "w@example.com", createdAt: Date(timeIntervalSince1970: 0))
            await #expect(throws: (any Error).self) { try await storage.read { try await $0.insertUser(user) } }
            #expect(try await storage.read { try await $0.user(id: user.id) } == nil)
        }
    }
}

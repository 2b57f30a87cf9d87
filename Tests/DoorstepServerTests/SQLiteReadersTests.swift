import DoorstepServerCore
import Foundation
import Testing

@testable import DoorstepSQLite

@Suite("SQLite's readers")
struct SQLiteReadersTests {
    @Test("A slow read holds one reader; the reads after it never queue behind it")
    func slowReadDoesNotBlockOthers() async throws {
        let storage = try await SQLiteStorage.open(path: StorageKind.temporaryDatabasePath())
        let (entered, enteredSignal) = AsyncStream<Void>.makeStream()
        let (release, releaseSignal) = AsyncStream<Void>.makeStream()
        let slow = Task {
            try await storage.read { _ in
                enteredSignal.yield()
                for await _ in release { break }
            }
        }
        for await _ in entered { break }
        // Round robin would hand one read in four to the held reader, and these reads would wait on it.
        let reads = Task {
            for _ in 0..<(SQLiteStorage.readerCount * 3) {
                let user = try await storage.read { try await $0.user(id: UUID()) }
                #expect(user == nil)
            }
        }
        let readsFinishedFirst = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await reads.value) != nil }
            group.addTask {
                // A deadline for the reads, cut short when they finish; either way the slow read ends.
                try? await Task.sleep(for: .seconds(30))
                releaseSignal.yield()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(readsFinishedFirst, "every read answered while the slow one held its reader")
        try await slow.value
        try await storage.close()
    }
}

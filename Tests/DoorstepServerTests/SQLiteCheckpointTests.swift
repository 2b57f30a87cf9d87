import DoorstepServerCore
import Foundation
import Testing

@testable import DoorstepSQLite

@Suite("SQLite's checkpoints")
struct SQLiteCheckpointTests {
    @Test("No commit copies the write-ahead log into the file; a connection of its own does, soon after")
    func checkpointsLeaveTheWriter() async throws {
        let path = StorageKind.temporaryDatabasePath()
        let storage = try await SQLiteStorage.open(path: path)
        let checkpointer = try #require(storage.connection.checkpointer)
        try await storage.execute { try await $0.execute("CREATE TABLE filler (body BLOB)") }
        let before = try Self.size(of: path)
        // 60 commits of 25 pages each: SQLite on its own would copy the log inside the commit that
        // takes it past 1,000 pages, and the file would grow then.
        try await checkpointer.withCheckpointsHeld {
            for _ in 0..<60 {
                try await storage.execute { try await $0.execute("INSERT INTO filler VALUES (zeroblob(100000))") }
            }
            #expect(try Self.size(of: path) == before, "no commit copied the log")
            #expect(try Self.size(of: path + "-wal") > 5_000_000)
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while try Self.size(of: path) < before + 5_000_000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try Self.size(of: path) >= before + 5_000_000, "the checkpoint copied the log into the file")
        try await storage.close()
    }

    static func size(of path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }
}

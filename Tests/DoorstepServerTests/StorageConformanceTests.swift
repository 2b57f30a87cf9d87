import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import SQLiteNIO
import Testing

@testable import DoorstepSQLite

/// Every storage implementation must pass the same suite. PostgreSQL joins when the run has a
/// server (`scripts/test` always starts one).
enum StorageKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, sqlite, postgres

    static var allCases: [StorageKind] {
        PostgresTestDatabase.serverURL == nil ? [.memory, .sqlite] : [.memory, .sqlite, .postgres]
    }

    var testDescription: String { rawValue }

    /// A new SQLite file's path in the temporary folder.
    static func temporaryDatabasePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("doorstep-\(UUID()).sqlite").path
    }

    /// Runs `body` with a fresh, empty storage of this kind, closing it afterwards.
    func withStorage(_ body: (any Storage) async throws -> Void) async throws {
        switch self {
        case .memory:
            try await body(MemoryStorage())
        case .sqlite:
            let path = StorageKind.temporaryDatabasePath()
            let storage = try await SQLiteStorage.open(path: path)
            do {
                try await body(storage)
            } catch {
                try await storage.close()
                throw error
            }
            try await storage.close()
        case .postgres:
            try await PostgresTestDatabase.withStorage { try await body($0) }
        }
    }
}

@Suite("Storage conformance")
struct StorageConformanceTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func user(_ email: String?) -> UserRecord {
        UserRecord(
            id: UUID(), email: email, firstName: "Sam", passwordHash: "hash", providers: ["apple"], createdAt: now)
    }

    @Test(
        "Users are stored, found by id and email, updated with a whole name and a language, and deleted",
        arguments: StorageKind.allCases)
    func users(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let sam = user("sam@example.com")
            try await storage.transaction { try await $0.insertUser(sam) }
            let found = try await storage.transaction { try await $0.user(email: "sam@example.com") }
            #expect(found == sam)
            #expect(try await storage.transaction { try await $0.user(id: sam.id) } == sam)
            var changed = sam
            changed.email = "samantha@example.com"
            changed.emailVerified = true
            changed.fullName = "Samantha van der Berg"
            changed.language = "es"
            try await storage.transaction { [changed] in try await $0.updateUser(changed) }
            #expect(try await storage.transaction { try await $0.user(id: sam.id) } == changed)
            #expect(try await storage.transaction { try await $0.user(email: "sam@example.com") } == nil)
            #expect(
                try await storage.transaction { try await $0.user(email: "samantha@example.com") }?.emailVerified
                    == true)
            try await storage.transaction { try await $0.deleteUser(id: sam.id) }
            #expect(try await storage.transaction { try await $0.user(id: sam.id) } == nil)
        }
    }

    @Test("An email belongs to one account at most", arguments: StorageKind.allCases)
    func uniqueEmail(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let first = user("same@example.com")
            try await storage.transaction { try await $0.insertUser(first) }
            await #expect(throws: StorageError.duplicateEmail) {
                try await storage.transaction { try await $0.insertUser(user("same@example.com")) }
            }
            let other = user("other@example.com")
            try await storage.transaction { try await $0.insertUser(other) }
            var stealing = other
            stealing.email = "same@example.com"
            await #expect(throws: StorageError.duplicateEmail) {
                try await storage.transaction { [stealing] in try await $0.updateUser(stealing) }
            }
            let guests = (0..<3).map { _ in user(nil) }
            try await storage.transaction { store in for guest in guests { try await store.insertUser(guest) } }
        }
    }

    @Test("A transaction that throws leaves nothing behind", arguments: StorageKind.allCases)
    func rollback(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let sam = user("sam@example.com")
            struct Abort: Error {}
            await #expect(throws: Abort.self) {
                try await storage.transaction { store in
                    try await store.insertUser(sam)
                    try await store.recordCodeSend(email: "sam@example.com", at: now)
                    throw Abort()
                }
            }
            #expect(try await storage.transaction { try await $0.user(id: sam.id) } == nil)
            #expect(
                try await storage.transaction { try await $0.codeSends(email: "sam@example.com", since: .distantPast) }
                    .isEmpty)
        }
    }

    @Test("Sessions and refresh tokens round-trip, newest session first", arguments: StorageKind.allCases)
    func sessions(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let sam = user("sam@example.com")
            let older = SessionRecord(id: UUID(), userID: sam.id, createdAt: now, expiresAt: now + 100, userAgent: "A")
            var newer = SessionRecord(
                id: UUID(), userID: sam.id, createdAt: now + 1, expiresAt: now + 100, userAgent: nil)
            let token = RefreshTokenRecord(hash: "abc", sessionID: newer.id, createdAt: now)
            try await storage.transaction { [newer] store in
                try await store.insertUser(sam)
                try await store.insertSession(older)
                try await store.insertSession(newer)
                try await store.insertRefreshToken(token)
            }
            #expect(
                try await storage.transaction { try await $0.sessions(userID: sam.id) }.map(\.id) == [
                    newer.id, older.id,
                ])
            newer.revokedAt = now + 5
            newer.lastUsedAt = now + 4
            var rotated = token
            rotated.rotatedAt = now + 3
            try await storage.transaction { [newer, rotated] store in
                try await store.updateSession(newer)
                try await store.updateRefreshToken(rotated)
            }
            let newerID = newer.id
            #expect(try await storage.transaction { try await $0.session(id: newerID) } == newer)
            let pair = try await storage.read { try await $0.sessionAndUser(sessionID: newerID) }
            #expect(pair?.0 == newer && pair?.1 == sam, "a session and its account in one read")
            #expect(try await storage.read { try await $0.sessionAndUser(sessionID: UUID()) } == nil)
            #expect(try await storage.transaction { try await $0.refreshToken(hash: "abc") } == rotated)
            let triple = try await storage.transaction { try await $0.refreshTokenSessionAndUser(hash: "abc") }
            #expect(
                triple?.0 == rotated && triple?.1 == newer && triple?.2 == sam,
                "a refresh token, its session and its account in one read")
            #expect(try await storage.transaction { try await $0.refreshTokenSessionAndUser(hash: "xyz") } == nil)
            try await storage.transaction { try await $0.deleteUser(id: sam.id) }
            #expect(try await storage.transaction { try await $0.session(id: older.id) } == nil)
            #expect(try await storage.transaction { try await $0.refreshToken(hash: "abc") } == nil)
        }
    }

    @Test(
        "Only the newest code per address and purpose is kept; sends and failures are counted",
        arguments: StorageKind.allCases)
    func codes(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            let first = CodeRecord(
                email: "a@example.com", purpose: .signup, codeHash: "one", createdAt: now, expiresAt: now + 600)
            var second = CodeRecord(
                email: "a@example.com", purpose: .signup, codeHash: "two", createdAt: now + 60,
                expiresAt: now + 660)
            let other = CodeRecord(
                email: "a@example.com", purpose: .passwordReset, codeHash: "three", createdAt: now,
                expiresAt: now + 600)
            try await storage.transaction { [second] store in
                try await store.replaceCode(first)
                try await store.replaceCode(second)
                try await store.replaceCode(other)
            }
            #expect(
                try await storage.transaction { try await $0.code(email: "a@example.com", purpose: .signup) } == second)
            second.attempts = 3
            try await storage.transaction { [second] in try await $0.updateCode(second) }
            #expect(
                try await storage.transaction { try await $0.code(email: "a@example.com", purpose: .signup) }?.attempts
                    == 3)
            try await storage.transaction { try await $0.deleteCode(email: "a@example.com", purpose: .signup) }
            #expect(
                try await storage.transaction { try await $0.code(email: "a@example.com", purpose: .signup) } == nil)
            #expect(
                try await storage.transaction { try await $0.code(email: "a@example.com", purpose: .passwordReset) }
                    == other)

            try await storage.transaction { store in
                for offset in [0.0, 10, 20] { try await store.recordCodeSend(email: "a@example.com", at: now + offset) }
                try await store.recordCodeSend(email: "a@example.com", client: "keyed-client", at: now + 30)
                for offset in [0.0, 30] { try await store.recordLoginFailure(email: "a@example.com", at: now + offset) }
            }
            #expect(
                try await storage.transaction { try await $0.codeSends(email: "a@example.com", since: now + 5) }
                    == [
                        CodeSend(at: now + 10, client: nil), CodeSend(at: now + 20, client: nil),
                        CodeSend(at: now + 30, client: "keyed-client"),
                    ])
            #expect(
                try await storage.transaction { try await $0.loginFailures(email: "a@example.com", since: now) }.count
                    == 2)
            try await storage.transaction { try await $0.clearLoginFailures(email: "a@example.com") }
            #expect(
                try await storage.transaction { try await $0.loginFailures(email: "a@example.com", since: now) }.isEmpty
            )
        }
    }

    @Test("Concurrent transactions do not interleave", arguments: StorageKind.allCases)
    func serialized(_ kind: StorageKind) async throws {
        try await kind.withStorage { (storage: any Storage) async throws in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await storage.transaction { store in
                            let count = try await store.codeSends(email: "x@example.com", since: .distantPast).count
                            try await store.recordCodeSend(email: "x@example.com", at: now + Double(count))
                            _ = index
                        }
                    }
                }
                try await group.waitForAll()
            }
            let sends = try await storage.transaction {
                try await $0.codeSends(email: "x@example.com", since: .distantPast)
            }
            #expect(sends.map(\.at) == (0..<40).map { now + Double($0) }, "each transaction saw every earlier one")
            #expect(await storage.isHealthy())
        }
    }
}

@Suite("SQLite migrations")
struct SQLiteMigrationTests {
    @Test("Opening the same file twice runs the migrations once and keeps the data")
    func reopen() async throws {
        let path = StorageKind.temporaryDatabasePath()
        let first = try await SQLiteStorage.open(path: path)
        let sam = UserRecord(
            id: UUID(), email: "sam@example.com", createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        try await first.transaction { try await $0.insertUser(sam) }
        try await first.close()
        let second = try await SQLiteStorage.open(path: path)
        #expect(try await second.transaction { try await $0.user(id: sam.id) } == sam)
        #expect(try await second.schemaVersions() == Array(1...26))
        try await second.close()
    }

    @Test("Secrets that earlier releases saved in progress and browser sessions are scrubbed at start-up")
    func secretsAreScrubbed() async throws {
        let path = StorageKind.temporaryDatabasePath()
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let sam = UserRecord(id: UUID(), email: "sam@example.com", createdAt: now)
        let leaky = FlowSnapshot(
            flowID: "kordant", flowVersion: 1, screen: "signup",
            answers: ["email": "sam@example.com", "password": "Harbor-Lights-2049!", "resetCode": "739182"])
        let snapshot = try JSONEncoder().encode(leaky)
        let browser = Data(#"{"csrfToken":"c","snapshots":{"kordant":"#.utf8) + snapshot + Data("}}".utf8)

        let old = try await SQLiteStorage.open(path: path)
        try await old.transaction { store in
            try await store.insertUser(sam)
            try await store.saveProgress(
                FlowProgressRecord(userID: sam.id, flowID: "kordant", revision: 3, snapshot: snapshot, updatedAt: now))
            try await store.saveBrowserSession(
                BrowserSessionRecord(idHash: "h", state: browser, updatedAt: now, expiresAt: now + 3600))
        }
        try await old.close()
        try await Self.forgetMigration(6, at: path)
        #expect(try Self.bytes(at: path).contains { $0.contains("Harbor-Lights-2049!") }, "the old file holds it")

        let upgraded = try await SQLiteStorage.open(path: path)
        let progress = try #require(
            try await upgraded.transaction { try await $0.progress(userID: sam.id, flowID: "kordant") })
        let restored = try JSONDecoder().decode(FlowSnapshot.self, from: progress.snapshot)
        #expect(restored.answers == ["email": "sam@example.com"], "other answers stay")
        #expect(progress.revision == 3)
        let state = try #require(try await upgraded.transaction { try await $0.browserSession(idHash: "h") })
        #expect(String(decoding: state.state, as: UTF8.self).contains("sam@example.com"))
        try await upgraded.close()
        for file in try Self.bytes(at: path) {
            #expect(!file.contains("Harbor-Lights-2049!") && !file.contains("739182"), "no byte of the file keeps it")
        }
    }

    @Test("A write waits while another process holds the lock, and reads go on meanwhile")
    func waitsForAnotherWriter() async throws {
        let path = StorageKind.temporaryDatabasePath()
        let storage = try await SQLiteStorage.open(path: path)
        let sam = UserRecord(
            id: UUID(), email: "sam@example.com", createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        try await storage.transaction { try await $0.insertUser(sam) }
        // The command line writing while the server runs: another connection holds the write lock.
        let other = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await other.query("BEGIN IMMEDIATE", [])
        let kim = UserRecord(
            id: UUID(), email: "kim@example.com", createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        let write = Task { try await storage.transaction { try await $0.insertUser(kim) } }
        #expect(try await storage.read { try await $0.user(id: sam.id) } == sam, "a read does not wait for the lock")
        _ = try await other.query("COMMIT", [])
        try await other.close()
        try await write.value
        #expect(try await storage.read { try await $0.user(id: kim.id) } == kim, "the write went in once it could")
        try await storage.close()
    }

    @Test("The statement every request runs is compiled once per connection, whatever its bindings")
    func statementsAreKept() async throws {
        let path = StorageKind.temporaryDatabasePath()
        let storage = try await SQLiteStorage.open(path: path)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var sessions: [UUID] = []
        for index in 0..<8 {
            let user = UserRecord(id: UUID(), email: "person\(index)@example.com", createdAt: now)
            let session = SessionRecord(
                id: UUID(), userID: user.id, createdAt: now, expiresAt: now + 3600, userAgent: nil)
            try await storage.transaction {
                try await $0.insertUser(user)
                try await $0.insertSession(session)
            }
            sessions.append(session.id)
        }
        let before = try await storage.recompilations
        for _ in 0..<5 {
            for id in sessions + [UUID()] {
                _ = try await storage.read { try await $0.sessionAndUser(sessionID: id) }
            }
        }
        #expect(try await storage.recompilations == before)
        try await storage.close()
    }

    /// Makes the file look as if an earlier release had written it, before `version` existed.
    static func forgetMigration(_ version: Int, at path: String) async throws {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("DELETE FROM schema_migrations WHERE version = ?", [.integer(version)])
        try await connection.close()
    }

    /// Every file of the database (the main file and its write-ahead log), as text.
    static func bytes(at path: String) throws -> [String] {
        ["", "-wal", "-shm"].compactMap { FileManager.default.contents(atPath: path + $0) }
            .map { String(decoding: $0, as: UTF8.self) }
    }
}

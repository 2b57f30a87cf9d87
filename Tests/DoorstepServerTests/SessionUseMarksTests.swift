import DoorstepTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import DoorstepServer
@testable import DoorstepServerCore

/// A signed-in request does not wait for its session's "last used" time to be written; the time is
/// written after it, never goes back, never revives an ended session, and is there whenever a
/// person looks at their sessions or their data.
@Suite("Sessions' last use, written after the request")
struct SessionUseMarksTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("A request answers before its session's mark is written; the export and the session list show it")
    func writtenAfterTheRequest() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let session = try await client.signUpWithCode("sam@example.com", server: server)
            let signedUp = server.clock.now
            server.clock.advance(by: 120)
            let me = try await client.get("/v1/me", bearer: session.accessToken)
            #expect(me.status == 200, "\(me.text)")
            let userID = try #require(UUID(text: session.userID))
            let stored = try await server.storage.read { try await $0.sessions(userID: userID) }
            #expect(stored.map(\.lastUsedAt) == [signedUp], "the request did not write")

            let export = try await client.get("/v1/me/export", bearer: session.accessToken)
            let exported = try #require(export.json["sessions"] as? [[String: Any]])
            #expect(exported.first?["lastUsedAt"] as? String == server.clock.now.formatted(.iso8601))

            server.clock.advance(by: 120)
            let listed = try await client.get("/v1/auth/sessions", bearer: session.accessToken).jsonArray
            #expect(listed.first?["lastUsedAt"] as? String == server.clock.now.formatted(.iso8601))
        }
    }

    @Test("A mark moves the last use on only: never back, never onto an ended session", arguments: StorageKind.allCases)
    func marksOnlyMoveOn(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let user = UserRecord(id: UUID(), email: "sam@example.com", createdAt: now)
            var active = SessionRecord(
                id: UUID(), userID: user.id, createdAt: now, expiresAt: now + 1_000, userAgent: nil)
            active.authenticatedAt = now + 30
            var ended = SessionRecord(
                id: UUID(), userID: user.id, createdAt: now, expiresAt: now + 1_000, userAgent: nil)
            ended.revokedAt = now + 1
            try await storage.transaction { [active, ended] store in
                try await store.insertUser(user)
                try await store.insertSession(active)
                try await store.insertSession(ended)
            }
            let marks = SessionUseMarks(storage: storage, logger: Logger(label: "test"))
            marks.note(active.id, usedAt: now + 60)
            marks.note(active.id, usedAt: now + 50)
            marks.note(ended.id, usedAt: now + 60)
            await marks.write()
            let written = try await storage.read { [active] in try await $0.session(id: active.id) }
            #expect(written?.lastUsedAt == now + 60, "the newest of two marks")
            #expect(written?.authenticatedAt == now + 30, "nothing else changes")
            #expect(written?.expiresAt == now + 1_000)
            let notRevived = try await storage.read { [ended] in try await $0.session(id: ended.id) }
            #expect(notRevived?.lastUsedAt == now, "an ended session is not marked")

            marks.note(active.id, usedAt: now + 10)
            await marks.write()
            let later = try await storage.read { [active] in try await $0.session(id: active.id) }
            #expect(later?.lastUsedAt == now + 60, "a mark older than the stored time is not written")
        }
    }

    @Test("Marks noted before a stop are written at shutdown")
    func writtenAtShutdown() async throws {
        let storage = MemoryStorage()
        let session = SessionRecord(id: UUID(), userID: UUID(), createdAt: now, expiresAt: now + 1_000, userAgent: nil)
        try await storage.transaction { try await $0.insertSession(session) }
        let marks = SessionUseMarks(storage: storage, logger: Logger(label: "test"))
        let group = ServiceGroup(
            configuration: .init(
                services: [SessionUseWriter(marks: marks, interval: .seconds(3_600))], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            marks.note(session.id, usedAt: now + 90)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let written = try await storage.read { try await $0.session(id: session.id) }
        #expect(written?.lastUsedAt == now + 90)
    }
}

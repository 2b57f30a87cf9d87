import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

/// Authenticated requests that arrive together may share one read of their sessions (PostgreSQL sends
/// them as one statement): each still hears its own account, and a session ended a moment ago is
/// refused at its very next request.
@Suite("Session reads that arrive together")
struct SessionReadsTogetherTests {
    @Test("Thirty accounts asking who they are at the same moment each hear their own", arguments: StorageKind.allCases)
    func ownAccounts(_ kind: StorageKind) async throws {
        try await Self.withStorage(kind) { storage in
            let server = try await TestServer.make(storage: storage) { $0.rateLimits = false }
            try await server.test { client in
                var guests: [(token: String, id: String)] = []
                for _ in 0..<30 {
                    let guest = try await client.post("/v1/auth/guest")
                    #expect(guest.status == 201, "\(guest.text)")
                    guests.append((guest.json.accessToken, guest.json.userID))
                }
                let asked = guests
                let answers = try await withThrowingTaskGroup(of: (String, Int, String?).self) { group in
                    for _ in 0..<4 {
                        for guest in asked {
                            group.addTask {
                                let me = try await client.get("/v1/me", bearer: guest.token)
                                return (guest.id, me.status, me.json["id"] as? String)
                            }
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.count == 120)
                for (asker, status, answered) in answers {
                    #expect(status == 200)
                    #expect(answered == asker, "a request heard another account")
                }
            }
        }
    }

    @Test(
        "A session logged out while others are being read is refused at its next request; the rest stay in",
        arguments: StorageKind.allCases)
    func loggedOutAmongOthers(_ kind: StorageKind) async throws {
        try await Self.withStorage(kind) { storage in
            let server = try await TestServer.make(storage: storage) { $0.rateLimits = false }
            try await server.test { client in
                var tokens: [String] = []
                for _ in 0..<10 { tokens.append(try await client.post("/v1/auth/guest").json.accessToken) }
                let (leaving, staying) = (tokens[0], Array(tokens.dropFirst()))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for token in staying {
                        group.addTask {
                            for _ in 0..<5 {
                                let me = try await client.get("/v1/me", bearer: token)
                                #expect(me.status == 200, "a session still in was refused: \(me.text)")
                            }
                        }
                    }
                    group.addTask {
                        let logout = try await client.post("/v1/auth/logout", bearer: leaving)
                        #expect(logout.status == 204)
                        let next = try await client.get("/v1/me", bearer: leaving)
                        #expect(next.status == 401)
                        #expect(next.code == "session_revoked", "\(next.text)")
                    }
                    try await group.waitForAll()
                }
            }
        }
    }

    @Test("Measuring storage keeps its database's own way of reading sessions")
    func measuredStoragePassesReadsOn() async throws {
        let database = SessionReadsCounted()
        let measured = MeasuredStorage(database, metrics: .disabled)
        let (user, session) = SessionReadsCounted.account()
        try await measured.transaction { store in
            try await store.insertUser(user)
            try await store.insertSession(session)
        }
        let read = try await measured.readSessionAndUser(sessionID: session.id)
        #expect(read?.1.id == user.id)
        #expect(database.reads.withLock { $0 } == 1, "the session read went around the database's own")
    }

    /// A fresh storage of `kind`; PostgreSQL's pool has two connections, so it sends one session
    /// statement at a time, and the reads of requests that arrive meanwhile wait for it and go together.
    static func withStorage(_ kind: StorageKind, _ body: (any Storage) async throws -> Void) async throws {
        if kind == .postgres {
            try await PostgresTestDatabase.withStorage(poolSize: 2) { try await body($0) }
        } else {
            try await kind.withStorage(body)
        }
    }
}

/// Memory storage that counts the session reads it is asked for as such.
final class SessionReadsCounted: Storage {
    let memory = MemoryStorage()
    let reads = Mutex(0)

    static func account() -> (UserRecord, SessionRecord) {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let user = UserRecord(id: UUID(), email: nil, isGuest: true, createdAt: now)
        let session = SessionRecord(
            id: UUID(), userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(3_600), userAgent: nil)
        return (user, session)
    }

    func transaction<Result: Sendable>(_ body: @Sendable (any StorageTransaction) async throws -> Result)
        async throws -> Result
    {
        try await memory.transaction(body)
    }

    func isHealthy() async -> Bool { true }

    func readSessionAndUser(sessionID: UUID) async throws -> (SessionRecord, UserRecord)? {
        reads.withLock { $0 += 1 }
        return try await memory.readSessionAndUser(sessionID: sessionID)
    }
}

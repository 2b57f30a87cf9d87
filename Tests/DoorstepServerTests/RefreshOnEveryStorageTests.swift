import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// A refresh decides the same on every database, whether it runs as a transaction or, on PostgreSQL,
/// as one statement: the token is exchanged once, its session's lifetimes hold, an ended session
/// stays ended, and a burst of the same token never forks the session.
@Suite("Refresh on every storage")
struct RefreshOnEveryStorageTests {
    static let day: TimeInterval = 24 * 60 * 60

    @Test(
        "A refresh moves the session's last use on; reusing the exchanged token ends it",
        arguments: StorageKind.allCases)
    func rotation(_ kind: StorageKind) async throws {
        try await Self.withServer(on: kind) { server, client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            server.clock.advance(by: Self.day)
            let first = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            #expect(first.status == 200, "\(first.text)")
            #expect(first.json.userID == session.userID)
            let listed = try await client.get("/v1/auth/sessions", bearer: first.json.accessToken).jsonArray
            #expect(listed.count == 1)
            #expect(listed.first?["lastUsedAt"] as? String == Self.iso(server.clock.now))

            server.clock.advance(by: 11)
            let reused = try await client.post("/v1/auth/token/refresh", ["refreshToken": session.refreshToken])
            #expect(reused.code == "refresh_token_reused")
            let successor = try await client.post(
                "/v1/auth/token/refresh", ["refreshToken": first.json.refreshToken])
            #expect(successor.code == "session_revoked", "the whole session ended")
        }
    }

    @Test(
        "A session idle past 30 days, or older than 90 however used, refreshes no more", arguments: StorageKind.allCases
    )
    func lifetimes(_ kind: StorageKind) async throws {
        try await Self.withServer(on: kind) { server, client in
            let idle = try await client.signUpWithCode("idle@example.com", server: server)
            var busy = try await client.signUpWithCode("busy@example.com", server: server)
            for _ in 0..<3 {
                server.clock.advance(by: 29 * Self.day)
                busy = try await client.post("/v1/auth/token/refresh", ["refreshToken": busy.refreshToken]).json
                #expect(!busy.refreshToken.isEmpty, "used within 30 days, the session lives on")
            }
            let stale = try await client.post("/v1/auth/token/refresh", ["refreshToken": idle.refreshToken])
            #expect(stale.code == "session_revoked", "idle for 87 days")

            server.clock.advance(by: 4 * Self.day)
            let old = try await client.post("/v1/auth/token/refresh", ["refreshToken": busy.refreshToken])
            #expect(old.code == "session_revoked", "91 days old, used every 29")
            let unknown = try await client.post("/v1/auth/token/refresh", ["refreshToken": "no-such-token"])
            #expect(unknown.status == 401)
        }
    }

    @Test("A token refreshed after its session was ended elsewhere is refused", arguments: StorageKind.allCases)
    func endedElsewhere(_ kind: StorageKind) async throws {
        try await Self.withServer(on: kind) { server, client in
            let phone = try await client.signUpWithCode("a@example.com", server: server)
            #expect(try await client.post("/v1/auth/logout", bearer: phone.accessToken).status == 204)
            let refreshed = try await client.post("/v1/auth/token/refresh", ["refreshToken": phone.refreshToken])
            #expect(refreshed.code == "session_revoked")
        }
    }

    @Test(
        "Twelve refreshes of one token at once all get the same successor, and it works",
        arguments: StorageKind.allCases)
    func burst(_ kind: StorageKind) async throws {
        try await Self.withServer(on: kind) { server, client in
            let session = try await client.signUpWithCode("a@example.com", server: server)
            let token = session.refreshToken
            let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        let answer = try await client.post("/v1/auth/token/refresh", ["refreshToken": token])
                        return (answer.status, answer.json.refreshToken)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.map(\.0) == Array(repeating: 200, count: 12))
            #expect(Set(answers.map(\.1)).count == 1, "one successor, not a fork")
            let next = try await client.post("/v1/auth/token/refresh", ["refreshToken": answers[0].1])
            #expect(next.status == 200, "\(next.text)")
            let listed = try await client.get("/v1/auth/sessions", bearer: next.json.accessToken).jsonArray
            #expect(listed.count == 1)
        }
    }

    /// Runs `body` against a test server on a fresh storage of `kind`.
    static func withServer(
        on kind: StorageKind, _ body: @escaping @Sendable (TestServer, TestHTTPClient) async throws -> Void
    ) async throws {
        try await kind.withStorage { storage in
            let server = try await TestServer.make(storage: storage)
            try await server.test { client in try await body(server, client) }
        }
    }

    static func iso(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

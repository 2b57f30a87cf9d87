import DoorstepServerCore
import Foundation
import Testing

/// PostgreSQL exchanges a refresh token in one statement; the other databases run the transaction.
@Suite("A refresh token's exchange in one step")
struct RefreshRotationStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let idle: TimeInterval = 30 * 24 * 60 * 60
    static let absolute: TimeInterval = 90 * 24 * 60 * 60

    func rotation(of hash: String, to successor: String, at moment: Date) -> RefreshRotation {
        RefreshRotation(
            tokenHash: hash, successorHash: successor, now: moment, idleLifetime: Self.idle,
            absoluteLifetime: Self.absolute)
    }

    /// Sam with a session made at `created`, expiring at `expires`, whose current token is `hash`.
    func seed(_ storage: any Storage, hash: String, created: Date, expires: Date, revoked: Date? = nil) async throws
        -> (UserRecord, SessionRecord)
    {
        let sam = UserRecord(id: UUID(), email: "\(hash)@example.com", createdAt: created)
        var session = SessionRecord(id: UUID(), userID: sam.id, createdAt: created, expiresAt: expires, userAgent: "A")
        session.revokedAt = revoked
        try await storage.transaction { [session] store in
            try await store.insertUser(sam)
            try await store.insertSession(session)
            try await store.insertRefreshToken(
                RefreshTokenRecord(hash: hash, sessionID: session.id, createdAt: created))
        }
        return (sam, session)
    }

    @Test(
        "The current token of an active session is exchanged once, its successor kept, the session moved on",
        arguments: StorageKind.allCases)
    func exchangesOnce(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            #expect(storage.rotatesRefreshTokensInOneStep == (kind == .postgres))
            guard storage.rotatesRefreshTokensInOneStep else { return }
            let (sam, session) = try await seed(storage, hash: "first", created: now, expires: now + Self.idle)
            let later = now + 3_600
            let rotated = try #require(
                try await storage.rotateRefreshToken(rotation(of: "first", to: "second", at: later)))
            #expect(rotated.1 == sam)
            var moved = session
            moved.lastUsedAt = later
            moved.expiresAt = later + Self.idle
            #expect(rotated.0 == moved)
            #expect(try await storage.read { try await $0.session(id: session.id) } == moved)
            let first = try await storage.read { try await $0.refreshToken(hash: "first") }
            #expect(first?.rotatedAt == later)
            let second = try await storage.read { try await $0.refreshToken(hash: "second") }
            #expect(second == RefreshTokenRecord(hash: "second", sessionID: session.id, createdAt: later))

            let again = try await storage.rotateRefreshToken(rotation(of: "first", to: "third", at: later + 1))
            #expect(again == nil, "an exchanged token is left to the transaction")
            #expect(try await storage.read { try await $0.refreshToken(hash: "third") } == nil)
            #expect(try await storage.rotateRefreshToken(rotation(of: "unknown", to: "x", at: later)) == nil)
        }
    }

    @Test("An ended, idle or too old session's token is not exchanged", arguments: StorageKind.allCases)
    func endedSessions(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            guard storage.rotatesRefreshTokensInOneStep else { return }
            _ = try await seed(storage, hash: "revoked", created: now, expires: now + Self.idle, revoked: now + 1)
            _ = try await seed(storage, hash: "idle", created: now, expires: now + 10)
            _ = try await seed(storage, hash: "old", created: now - Self.absolute, expires: now + Self.idle)
            for hash in ["revoked", "idle", "old"] {
                #expect(
                    try await storage.rotateRefreshToken(rotation(of: hash, to: "\(hash)-next", at: now + 10)) == nil)
                #expect(try await storage.read { try await $0.refreshToken(hash: hash) }?.rotatedAt == nil, "\(hash)")
                #expect(try await storage.read { try await $0.refreshToken(hash: "\(hash)-next") } == nil)
            }
        }
    }

    @Test("Twenty exchanges of one token at once: one succeeds, one successor is kept", arguments: StorageKind.allCases)
    func race(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            guard storage.rotatesRefreshTokensInOneStep else { return }
            let (_, session) = try await seed(storage, hash: "raced", created: now, expires: now + Self.idle)
            let rotations = (0..<20).map { rotation(of: "raced", to: "next-\($0)", at: now + 60) }
            let won = try await withThrowingTaskGroup(of: Bool.self) { group in
                for rotation in rotations {
                    group.addTask { try await storage.rotateRefreshToken(rotation) != nil }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(won == 1)
            let successors = try await storage.read { store in
                try await (0..<20).asyncCompactMap { try await store.refreshToken(hash: "next-\($0)") }
            }
            #expect(successors.map(\.sessionID) == [session.id])
        }
    }
}

extension Sequence {
    fileprivate func asyncCompactMap<Mapped>(_ transform: (Element) async throws -> Mapped?) async rethrows
        -> [Mapped]
    {
        var mapped: [Mapped] = []
        for element in self {
            if let value = try await transform(element) { mapped.append(value) }
        }
        return mapped
    }
}

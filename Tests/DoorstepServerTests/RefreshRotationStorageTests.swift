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
            #expect(rotated.user == sam)
            #expect(rotated.entitlements.isEmpty)
            var moved = session
            moved.lastUsedAt = later
            moved.expiresAt = later + Self.idle
            #expect(rotated.session == moved)
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

    @Test(
        "The exchange reads what the account bought and what its family shares, as a sign-in's read does",
        arguments: StorageKind.allCases)
    func readsEntitlements(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            guard storage.rotatesRefreshTokensInOneStep else { return }
            let (sam, _) = try await seed(storage, hash: "family", created: now, expires: now + Self.idle)
            let (dana, _) = try await seed(storage, hash: "dana", created: now, expires: now + Self.idle)
            let (lee, _) = try await seed(storage, hash: "lee", created: now, expires: now + Self.idle)
            let family = GroupRecord(
                id: UUID(), name: "Reyes", kind: "family", inviteCode: "FAMILY", createdBy: dana.id, createdAt: now)
            let household = GroupRecord(
                id: UUID(), name: "Flat", kind: "household", inviteCode: "FLAT", createdBy: lee.id, createdAt: now)
            let bought = [
                purchase("own", by: sam, expires: nil), purchase("expired", by: sam, expires: now - 1),
                purchase("family", by: dana, expires: now + Self.idle), purchase("household", by: lee, expires: nil),
            ]
            try await storage.transaction { store in
                for group in [family, household] { try await store.insertGroup(group) }
                for (group, member) in [(family, sam), (family, dana), (household, sam), (household, lee)] {
                    try await store.insertMember(
                        MemberRecord(groupID: group.id, userID: member.id, role: "member", joinedAt: now))
                }
                for entitlement in bought { try await store.saveEntitlement(entitlement) }
            }
            let rotated = try #require(
                try await storage.rotateRefreshToken(rotation(of: "family", to: "family-next", at: now + 60)))
            let read = try await storage.read { try await $0.entitlements(sharedWith: sam.id, groupKind: "family") }
            #expect(Set(rotated.entitlements) == Set(read))
            #expect(Set(rotated.entitlements.map(\.originalTransactionID)) == ["own", "expired", "family"])
        }
    }

    /// A purchase of `id` by `user`, its period over at `expires` (nil: it does not expire).
    func purchase(_ id: String, by user: UserRecord, expires: Date?) -> EntitlementRecord {
        EntitlementRecord(
            originalTransactionID: id, userID: user.id, productID: "com.example.\(id)", transactionID: "\(id)-1",
            environment: "Sandbox", ownershipType: "PURCHASED", purchasedAt: now, expiresAt: expires, revokedAt: nil,
            signedAt: now, updatedAt: now)
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

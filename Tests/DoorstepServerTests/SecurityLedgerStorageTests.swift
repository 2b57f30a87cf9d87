import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("The security ledger and re-authentication on every store")
struct SecurityLedgerStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(
        "Marks are kept per kind and subject, read oldest first, and old ones forgotten",
        arguments: StorageKind.allCases)
    func marks(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            try await storage.transaction { store in
                for (offset, weight) in [(-7_200.0, 1), (-60.0, 3), (-30.0, 1)] {
                    try await store.mark(
                        .failedCode, subject: "a@example.com",
                        LedgerMark(at: now.addingTimeInterval(offset), weight: weight),
                        forgettingBefore: now.addingTimeInterval(-86_400))
                }
                try await store.mark(
                    .invitationsMailed, subject: "a@example.com", LedgerMark(at: now, weight: 20),
                    forgettingBefore: now.addingTimeInterval(-86_400))
            }
            let recent = try await storage.read { store in
                try await store.marks(.failedCode, subject: "a@example.com", since: now.addingTimeInterval(-3_600))
            }
            #expect(
                recent == [
                    LedgerMark(at: now.addingTimeInterval(-60), weight: 3),
                    LedgerMark(at: now.addingTimeInterval(-30), weight: 1),
                ])
            #expect(recent.totalWeight == 4)
            // A mark two days later forgets those of its kind older than a day, not other kinds'.
            let later = now.addingTimeInterval(2 * 86_400)
            try await storage.transaction { store in
                try await store.mark(
                    .failedCode, subject: "b@example.com", LedgerMark(at: later, weight: 1),
                    forgettingBefore: later.addingTimeInterval(-86_400))
            }
            let (failures, invitations) = try await storage.read { store in
                (
                    try await store.marks(.failedCode, subject: "a@example.com", since: .distantPast),
                    try await store.marks(.invitationsMailed, subject: "a@example.com", since: .distantPast)
                )
            }
            #expect(failures.isEmpty)
            #expect(invitations.totalWeight == 20)
        }
    }

    @Test(
        "A session keeps when it last proved who it is; an account's identities can all be unlinked",
        arguments: StorageKind.allCases)
    func authenticatedAtAndIdentities(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let user = UserRecord(id: UUID(), email: "sam@example.com", createdAt: now)
            let session = SessionRecord(
                id: UUID(), userID: user.id, createdAt: now, expiresAt: now.addingTimeInterval(86_400), userAgent: nil)
            try await storage.transaction { store in
                try await store.insertUser(user)
                try await store.insertSession(session)
                try await store.insertIdentity(
                    IdentityRecord(provider: "apple", subject: "s1", userID: user.id, createdAt: now))
                try await store.insertIdentity(
                    IdentityRecord(provider: "google", subject: "s2", userID: user.id, createdAt: now))
            }
            var confirmed = session
            confirmed.authenticatedAt = now.addingTimeInterval(600)
            try await storage.transaction { [confirmed] store in
                try await store.updateSession(confirmed)
                try await store.deleteIdentities(userID: user.id)
            }
            let (stored, joined, identities) = try await storage.read { store in
                (
                    try await store.session(id: session.id),
                    try await store.sessionAndUser(sessionID: session.id),
                    try await store.identities(userID: user.id)
                )
            }
            #expect(stored?.authenticatedAt == now.addingTimeInterval(600))
            #expect(joined?.0.authenticatedAt == now.addingTimeInterval(600))
            #expect(identities.isEmpty)
        }
    }

    @Test("The hourly mail budget lets codes use all of it and other mail half")
    func mailBudget() {
        let budget = OutboundMailBudget(perHour: 4)
        func record(_ kind: MailKind) -> OutboxRecord {
            OutboxRecord(id: UUID(), kind: kind.rawValue, sealed: Data(), createdAt: now)
        }
        let claimed = [record(.invitation), record(.invitation), record(.loginCode), record(.signupCode)]
        let sent = [LedgerMark(at: now.addingTimeInterval(-1_800), weight: 1)]
        let (send, wait, resumeAt) = budget.split(claimed, sentInLastHour: sent, now: now)
        #expect(send.map(\.kind) == ["loginCode", "signupCode"])
        #expect(wait.map(\.kind) == ["invitation", "invitation"])
        #expect(resumeAt == now.addingTimeInterval(1_800))
        // With room for all, what goes keeps its order; other mail stops at half the budget.
        let mixed = [record(.invitation), record(.loginCode), record(.invitation)]
        let (fresh, held, _) = budget.split(mixed, sentInLastHour: [], now: now)
        #expect(fresh.map(\.kind) == ["invitation", "loginCode"])
        #expect(held.map(\.kind) == ["invitation"])
    }
}

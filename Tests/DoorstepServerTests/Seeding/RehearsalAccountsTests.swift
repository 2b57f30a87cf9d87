import Foundation
import Testing

@testable import DoorstepServerCore

/// The rows a rehearsal writes are the rows the server reads.
@Suite("Rehearsal accounts")
struct RehearsalAccountsTests {
    @Test("A rehearsal passkey holds a P-256 key the server's passkey check reads")
    func passkeyKeyIsReadable() throws {
        let bytes = try #require(Base64URL.decode(RehearsalAccounts.passkeyPublicKey))
        let key = try COSEKey(try CBORDecoder.decode(bytes))
        #expect(key.algorithm == -7)
    }

    @Test("The same seed makes the same accounts")
    func sameSeedSameAccounts() {
        let plan = RehearsalPlan(accounts: 50, events: 0)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func batch() -> RehearsalAccounts {
            var generator = SeededGenerator(seed: plan.seed)
            return RehearsalAccounts.make(0..<50, plan: plan, passwordHash: "hash", now: now, using: &generator)
        }
        let first = batch()
        let second = batch()
        #expect(first.users == second.users && first.sessions == second.sessions)
        #expect(first.users.map(\.email) == (0..<50).map(RehearsalSeeder.email))
    }
}

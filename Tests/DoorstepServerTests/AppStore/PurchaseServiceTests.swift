import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// A purchase belongs to the account that made it: the rules played on every database.
@Suite("App Store purchases on the account")
struct PurchaseServiceTests {
    let clock = ManualClock()

    func account(_ storage: any Storage) async throws -> Caller {
        let id = UUID()
        try await storage.transaction {
            try await $0.insertUser(
                UserRecord(id: id, email: "\(id)@example.com", createdAt: Date(timeIntervalSince1970: 0)))
        }
        return Caller(userID: id, sessionID: UUID())
    }

    func service(_ storage: any Storage, _ store: TestAppStore) throws -> PurchaseService {
        PurchaseService(
            storage: storage,
            verifier: try AppStoreVerifier(
                bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER]),
            context: ServiceContext(clock: clock, random: SecureRandomSource()))
    }

    func code(of body: () async throws -> Any) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch let error as ServiceError {
            return error.code.rawValue
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "A purchase is kept on the account that made it and listed while its period runs",
        arguments: StorageKind.allCases)
    func kept(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let purchases = try service(storage, store)
            let buyer = try await account(storage)
            let jws = try store.sign(TestAppStore.transaction(for: buyer.userID, signedAt: clock.now))
            let entitlement = try await purchases.record(buyer, signedTransaction: jws)
            #expect(
                entitlement.productID == "com.example.kordant.premium.monthly" && entitlement.isActive(at: clock.now))
            #expect(try await purchases.entitlements(buyer).map(\.originalTransactionID) == ["2000000111"])
            clock.advance(by: 31 * 86_400)
            #expect(try await purchases.entitlements(buyer).isEmpty, "the month is over")
        }
    }

    @Test(
        "Another account's transaction, and a restore of it while signed in elsewhere, move nothing",
        arguments: StorageKind.allCases)
    func restoresNeverSteal(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let purchases = try service(storage, store)
            let (owner, other) = (try await account(storage), try await account(storage))
            let jws = try store.sign(TestAppStore.transaction(for: owner.userID, signedAt: clock.now))
            _ = try await purchases.record(owner, signedTransaction: jws)
            #expect(
                await code { try await purchases.record(other, signedTransaction: jws) }
                    == "purchase_of_another_account")
            // The same purchase restored on the other account's device still names the owner.
            clock.advance(by: 60)
            let restored = try store.sign(
                TestAppStore.transaction(for: other.userID, id: "2000000999", signedAt: clock.now))
            #expect(
                await code { try await purchases.record(other, signedTransaction: restored) }
                    == "purchase_of_another_account")
            #expect(try await purchases.entitlements(owner).count == 1)
            #expect(try await purchases.entitlements(other).isEmpty)
        }
    }

    @Test("A refund recorded is not undone by replaying the purchase signed before it", arguments: StorageKind.allCases)
    func revokedStaysRevoked(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let purchases = try service(storage, store)
            let buyer = try await account(storage)
            let bought = try store.sign(TestAppStore.transaction(for: buyer.userID, signedAt: clock.now))
            _ = try await purchases.record(buyer, signedTransaction: bought)
            clock.advance(by: 3_600)
            let refunded = try store.sign(
                TestAppStore.transaction(for: buyer.userID, signedAt: clock.now, revokedAt: clock.now))
            #expect(try await purchases.record(buyer, signedTransaction: refunded).revokedAt != nil)
            #expect(try await purchases.entitlements(buyer).isEmpty)
            #expect(
                await code { try await purchases.record(buyer, signedTransaction: bought) } == "transaction_revoked")
            #expect(try await purchases.entitlements(buyer).isEmpty)
        }
    }

    @Test("Older data arriving after newer changes nothing; a renewal extends the period")
    func order() async throws {
        let storage = MemoryStorage()
        let store = try TestAppStore()
        let purchases = try service(storage, store)
        let buyer = try await account(storage)
        let first = try store.sign(TestAppStore.transaction(for: buyer.userID, signedAt: clock.now))
        let renewalDate = clock.now.addingTimeInterval(30 * 86_400)
        let renewed = try store.sign(
            TestAppStore.transaction(
                for: buyer.userID, id: "2000000222", signedAt: clock.now.addingTimeInterval(60),
                expiresAt: renewalDate.addingTimeInterval(30 * 86_400)))
        _ = try await purchases.record(buyer, signedTransaction: renewed)
        let kept = try await purchases.record(buyer, signedTransaction: first)
        #expect(kept.transactionID == "2000000222", "the older transaction did not overwrite the renewal")
        clock.advance(by: 45 * 86_400)
        #expect(try await purchases.entitlements(buyer).count == 1)
    }

    @Test("A forged transaction is refused, and a server with no bundle id takes no purchases")
    func refusals() async throws {
        let storage = MemoryStorage()
        let store = try TestAppStore()
        let buyer = try await account(storage)
        let forged = try TestAppStore().sign(TestAppStore.transaction(for: buyer.userID, signedAt: clock.now))
        #expect(
            await code { try await service(storage, store).record(buyer, signedTransaction: forged) }
                == "invalid_transaction")
        let off = PurchaseService(
            storage: storage, verifier: nil, context: ServiceContext(clock: clock, random: SecureRandomSource()))
        #expect(await code { try await off.record(buyer, signedTransaction: forged) } == "not_found")
    }
}

extension PurchaseServiceTests {
    @Test(
        "Family members share what one of them bought, as Family Sharing does; a household does not",
        arguments: StorageKind.allCases)
    func familyShares(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let purchases = try service(storage, store)
            let (buyer, invitee, housemate) = (
                try await account(storage), try await account(storage), try await account(storage)
            )
            let (family, household) = (UUID(), UUID())
            try await storage.transaction { store in
                for (id, kind, code) in [(family, "family", "FAMILY01"), (household, "household", "HOUSE001")] {
                    try await store.insertGroup(
                        GroupRecord(
                            id: id, name: "Reyes", kind: kind, inviteCode: code, createdBy: buyer.userID,
                            createdAt: clock.now))
                    try await store.insertMember(
                        MemberRecord(groupID: id, userID: buyer.userID, role: "owner", joinedAt: clock.now))
                }
                try await store.insertMember(
                    MemberRecord(groupID: family, userID: invitee.userID, role: "member", joinedAt: clock.now))
                try await store.insertMember(
                    MemberRecord(groupID: household, userID: housemate.userID, role: "member", joinedAt: clock.now))
            }
            let jws = try store.sign(TestAppStore.transaction(for: buyer.userID, signedAt: clock.now))
            _ = try await purchases.record(buyer, signedTransaction: jws)
            let shared = try await purchases.entitlements(invitee)
            #expect(shared.map(\.ownershipType) == ["FAMILY_SHARED"])
            #expect(try await purchases.entitlements(buyer).map(\.ownershipType) == ["PURCHASED"])
            #expect(try await purchases.entitlements(housemate).isEmpty)
        }
    }
}

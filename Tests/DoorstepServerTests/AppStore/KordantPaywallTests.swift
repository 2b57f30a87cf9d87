import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

/// A phone whose Apple Account buys from an App Store made in the test: each purchase is signed by the
/// test's certificate chain for the account token the SDK passed, and the account's purchases are what
/// a restore finds.
private final class StorePhone: DeviceEffects {
    let store: TestAppStore
    let now: @Sendable () -> Date
    /// The signed transactions of what this Apple Account bought, and the tokens each was bought for.
    let bought = Mutex<[(jws: String, token: UUID)]>([])

    init(store: TestAppStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    func purchase(productID: String, appAccountToken: UUID) async -> StorePurchase {
        var transaction = TestAppStore.transaction(for: appAccountToken, signedAt: now())
        transaction.productId = productID
        guard let jws = try? store.sign(transaction) else { return .unavailable }
        bought.withLock { $0.append((jws, appAccountToken)) }
        return .purchased(signedTransaction: jws)
    }

    func restorePurchases() async -> [String] { bought.withLock { $0.map(\.jws) } }

    /// The accounts each purchase was bought for, as the SDK told the store.
    var tokens: [String?] { bought.withLock { $0.map(\.token.uuidString) } }

    func pickImage() async -> (data: Data, isPNG: Bool)? { nil }
    func requestPermission(_ permission: String) async -> Bool { false }
    func enableBiometrics() async -> Bool { false }
    func canEnableBiometrics() async -> Bool { false }
    func forgetBiometrics() async {}
    func appleCredential() async -> AppleCredential? { nil }
    func googleCredential() async -> (idToken: String, rawNonce: String?)? { nil }
}

@Suite("Kordant's paywall through the SDK")
struct KordantPaywallTests {
    /// Walks a new Kordant account made with a password to the plan step on `phone`.
    private func toPlanStep(
        _ email: String, _ backend: TestServer, _ http: TestHTTPClient, phone: StorePhone
    ) async throws -> (FlowSession, DoorstepClient) {
        let client = DoorstepClient(
            serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http),
            now: { backend.clock.now })
        let flow = try #require(try FlowCatalog.bundled().flow("kordant"))
        let session = try await FlowSession(
            flow: flow, client: client, device: phone, snapshots: InMemorySnapshotStore(),
            now: { backend.clock.now })
        try await session.tap("signUp")
        try await session.answer("fullName", "Dana Reyes")
        try await session.answer("email", .string(email))
        try await session.answer("password", "Shield-Up-2026!")
        try await session.answer("confirmPassword", "Shield-Up-2026!")
        try await session.answer("acceptedTerms", true)
        try await session.tap("createAccount")
        #expect(await session.screen == "plan")
        return (session, client)
    }

    @Test("Plus bought on the phone is verified by the server, kept on the account, and the walk goes on")
    func purchase() async throws {
        let store = try TestAppStore()
        let backend = try await PurchaseAPITests.server(store)
        try await backend.test { http in
            let phone = StorePhone(store: store, now: { backend.clock.now })
            let (session, client) = try await toPlanStep("dana@example.com", backend, http, phone: phone)
            try await session.answer("plan", "plus")
            try await session.tap("continue")
            #expect(await session.screen == "watchlist")
            #expect(await session.engine.value("entitlement") == "com.kordant.plus.monthly")
            guard case .signedIn(let userID, _) = await client.authState else {
                Issue.record("signed out")
                return
            }
            #expect(phone.tokens == [UUID(uuidString: userID)?.uuidString], "bought for this account")
            let entitlements = try await client.entitlements()
            #expect(entitlements.map(\.productID) == ["com.kordant.plus.monthly"])
            #expect(entitlements.allSatisfy { $0.isActive })
        }
    }

    @Test("Basic is free: nothing is bought and the walk goes on")
    func freePlan() async throws {
        let store = try TestAppStore()
        let backend = try await PurchaseAPITests.server(store)
        try await backend.test { http in
            let phone = StorePhone(store: store, now: { backend.clock.now })
            let (session, client) = try await toPlanStep("lee@example.com", backend, http, phone: phone)
            try await session.answer("plan", "basic")
            try await session.tap("continue")
            #expect(await session.screen == "watchlist")
            #expect(phone.tokens.isEmpty)
            #expect(try await client.entitlements().isEmpty)
        }
    }

    @Test("Restoring on another account of the same Apple Account keeps the purchase where it was made")
    func restoreNeverSteals() async throws {
        let store = try TestAppStore()
        let backend = try await PurchaseAPITests.server(store)
        try await backend.test { http in
            let phone = StorePhone(store: store, now: { backend.clock.now })
            let (buyer, buyerClient) = try await toPlanStep("ana@example.com", backend, http, phone: phone)
            try await buyer.answer("plan", "premium")
            try await buyer.tap("continue")
            #expect(try await buyerClient.entitlements().map(\.productID) == ["com.kordant.premium.monthly"])

            let (other, otherClient) = try await toPlanStep("ben@example.com", backend, http, phone: phone)
            try await other.tap("restore")
            #expect(await other.screen == "plan", "nothing to go on with")
            #expect(
                await other.engine.snapshot.message
                    == "This purchase belongs to another account. Sign in to the account that made it.")
            #expect(try await otherClient.entitlements().isEmpty)
            #expect(try await buyerClient.entitlements().map(\.productID) == ["com.kordant.premium.monthly"])

            try await buyer.tap("back")
            #expect(await buyer.screen == "plan")
            try await buyer.tap("restore")
            #expect(await buyer.screen == "watchlist", "the buyer's own restore finds it")
        }
    }
}

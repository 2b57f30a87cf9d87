import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// The SDK on a real server (in process): a purchase made on the device reaches the account, and the
/// wire says no in problem+json for what is refused.
@Suite("App Store purchases over the API")
struct PurchaseAPITests {
    static func server(_ store: TestAppStore) async throws -> TestServer {
        try await TestServer.make { configuration in
            configuration.devMailbox = true
            configuration.appStore = try? AppStoreVerifier(
                bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER])
        }
    }

    @Test("The SDK forwards a signed transaction and the account has an active entitlement")
    func throughTheSDK() async throws {
        let store = try TestAppStore()
        let server = try await Self.server(store)
        try await server.test { http in
            let client = DoorstepClient(
                serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http))
            let user = try await client.signUp(email: "dana@example.com", password: "Sunny-Days-2026")
            let account = try #require(UUID(uuidString: user.id))
            #expect(try await client.entitlements().isEmpty)
            let jws = try store.sign(TestAppStore.transaction(for: account, signedAt: server.clock.now))
            let entitlement = try await client.recordPurchase(signedTransaction: jws)
            #expect(entitlement.isActive && entitlement.productID == "com.example.kordant.premium.monthly")
            #expect(try await client.entitlements().map(\.originalTransactionID) == ["2000000111"])

            let other = DoorstepClient(
                serverURL: URL(string: "http://doorstep.test")!, transport: InProcessTransport(client: http))
            try await other.signUp(email: "lee@example.com", password: "Sunny-Days-2026")
            do {
                try await other.recordPurchase(signedTransaction: jws)
                Issue.record("another account took the purchase")
            } catch let error as DoorstepError {
                #expect(error.code == .purchaseOfAnotherAccount)
            }
            #expect(try await other.entitlements().isEmpty)
        }
    }

    @Test("Refusals are problem+json: a forgery 422, no session 401, no bundle id 404")
    func refusals() async throws {
        let store = try TestAppStore()
        let forged = try TestAppStore().sign(TestAppStore.transaction(for: UUID(), signedAt: Date()))
        try await Self.server(store).test { http in
            #expect(try await http.post("/v1/me/purchases", ["signedTransaction": forged]).status == 401)
            let signedUp = try await http.post(
                "/v1/auth/signup", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            let token = try #require(signedUp.json["accessToken"] as? String)
            let refused = try await http.post("/v1/me/purchases", ["signedTransaction": forged], bearer: token)
            #expect(refused.status == 422 && refused.json["code"] as? String == "invalid_transaction")
            #expect(try await http.post("/v1/me/purchases", ["signedTransaction": ""], bearer: token).status == 422)
        }
        try await TestServer.make { $0.devMailbox = true }.test { http in
            let signedUp = try await http.post(
                "/v1/auth/signup", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            let token = try #require(signedUp.json["accessToken"] as? String)
            #expect(try await http.post("/v1/me/purchases", ["signedTransaction": forged], bearer: token).status == 404)
        }
    }
}

extension PurchaseAPITests {
    @Test("Apple's notification URL takes a signed notification without a session, once, and refuses a forgery")
    func notificationURL() async throws {
        let store = try TestAppStore()
        let server = try await Self.server(store)
        try await server.test { http in
            let signedUp = try await http.post(
                "/v1/auth/signup", ["email": "ari@example.com", "password": "Sunny-Days-2026"])
            let account = try #require(
                UUID(uuidString: (signedUp.json["user"] as? [String: Any])?["id"] as? String ?? ""))
            let jws = try store.notification(
                "SUBSCRIBED", TestAppStore.transaction(for: account, signedAt: server.clock.now))
            let first = try await http.post("/v1/appstore/notifications", ["signedPayload": jws])
            #expect(first.status == 200 && first.json["outcome"] as? String == "applied")
            let again = try await http.post("/v1/appstore/notifications", ["signedPayload": jws])
            #expect(again.json["outcome"] as? String == "already_applied")
            let token = try #require(signedUp.json["accessToken"] as? String)
            let listed = try await http.get("/v1/me/entitlements", bearer: token)
            #expect(((listed.json["entitlements"] as? [[String: Any]]) ?? []).count == 1)
            let forged = try TestAppStore().notification(
                "REFUND",
                TestAppStore.transaction(for: account, signedAt: server.clock.now, revokedAt: server.clock.now))
            let refused = try await http.post("/v1/appstore/notifications", ["signedPayload": forged])
            #expect(refused.status == 422 && refused.json["code"] as? String == "invalid_transaction")
        }
    }
}

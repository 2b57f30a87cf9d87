import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// An app's backend reads what the account may use from the access token alone: the `entitlements`
/// claim, minted at sign-in and at refresh, on every store.
@Suite("Entitlements in the access token")
struct EntitlementClaimTests {
    static let product = "com.example.kordant.premium.monthly"

    static func server(on storage: any Storage, _ store: TestAppStore) async throws -> TestServer {
        try await TestServer.make(storage: storage) { configuration in
            configuration.rateLimits = false
            configuration.appStore = try? AppStoreVerifier(
                bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER])
        }
    }

    /// The `entitlements` claim of an access token, nil when the token has none.
    static func entitlements(in token: String) throws -> [String]? {
        let parts = token.split(separator: ".")
        try #require(parts.count == 3)
        let payload = try #require(Base64URL.decode(String(parts[1])))
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any])
        #expect(claims["sub"] != nil && claims["sid"] != nil)
        return claims["entitlements"].map { $0 as? [String] ?? ["not a list of strings"] }
    }

    /// Signs an account up; returns its id and its session's JSON.
    static func signUp(_ email: String, _ http: TestHTTPClient) async throws -> (UUID, [String: Any]) {
        let signedUp = try await http.post("/v1/auth/signup", ["email": email, "password": "Sunny-Days-2026"])
        let user = try #require(signedUp.json["user"] as? [String: Any])
        return (try #require(UUID(uuidString: user["id"] as? String ?? "")), signedUp.json)
    }

    /// Refreshes the session; returns the new session's JSON.
    static func refresh(_ session: [String: Any], _ http: TestHTTPClient) async throws -> [String: Any] {
        let refreshed = try await http.post(
            "/v1/auth/token/refresh", ["refreshToken": session["refreshToken"] as? String ?? ""])
        #expect(refreshed.status == 200, "\(refreshed.text)")
        return refreshed.json
    }

    @Test(
        "A purchase is in the token from the next refresh and sign-in; a refund takes it out at the next refresh",
        arguments: StorageKind.allCases)
    func purchaseThenRefund(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let server = try await Self.server(on: storage, store)
            try await server.test { http in
                let (account, first) = try await Self.signUp("dana@example.com", http)
                let token = try #require(first["accessToken"] as? String)
                #expect(try Self.entitlements(in: token) == nil, "no claim while there is nothing")
                let transaction = TestAppStore.transaction(for: account, signedAt: server.clock.now)
                let bought = try await http.post(
                    "/v1/me/purchases", ["signedTransaction": try store.sign(transaction)], bearer: token)
                #expect(bought.status == 200, "\(bought.text)")
                #expect(try Self.entitlements(in: token) == nil, "a token minted before says nothing of it")

                let refreshed = try await Self.refresh(first, http)
                #expect(try Self.entitlements(in: refreshed["accessToken"] as? String ?? "") == [Self.product])
                let loggedIn = try await http.post(
                    "/v1/auth/login", ["email": "dana@example.com", "password": "Sunny-Days-2026"])
                #expect(try Self.entitlements(in: loggedIn.json["accessToken"] as? String ?? "") == [Self.product])

                server.clock.advance(by: 60)
                let refund = TestAppStore.transaction(
                    for: account, signedAt: server.clock.now, revokedAt: server.clock.now)
                let notified = try await http.post(
                    "/v1/appstore/notifications", ["signedPayload": try store.notification("REFUND", refund)])
                #expect(notified.json["outcome"] as? String == "applied")
                let afterRefund = try await Self.refresh(refreshed, http)
                #expect(try Self.entitlements(in: afterRefund["accessToken"] as? String ?? "") == nil)
            }
        }
    }

    @Test(
        "A subscription's period over, the next refresh drops it; a family member's token carries it",
        arguments: StorageKind.allCases)
    func expiryAndFamily(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let store = try TestAppStore()
            let server = try await Self.server(on: storage, store)
            try await server.test { http in
                let (buyer, session) = try await Self.signUp("dana@example.com", http)
                let token = try #require(session["accessToken"] as? String)
                let created = try await http.post("/v1/groups", ["name": "Reyes", "kind": "family"], bearer: token)
                let inviteCode = try #require(created.json["inviteCode"] as? String)
                let (_, invitee) = try await Self.signUp("lee@example.com", http)
                let joined = try await http.post(
                    "/v1/groups/join", ["inviteCode": inviteCode], bearer: invitee["accessToken"] as? String)
                #expect(joined.status == 200, "\(joined.text)")
                let jws = try store.sign(TestAppStore.transaction(for: buyer, signedAt: server.clock.now))
                #expect(
                    try await http.post("/v1/me/purchases", ["signedTransaction": jws], bearer: token).status == 200)
                let shared = try await Self.refresh(invitee, http)
                #expect(try Self.entitlements(in: shared["accessToken"] as? String ?? "") == [Self.product])

                server.clock.advance(by: 29 * 86_400)
                let stillOn = try await Self.refresh(session, http)
                #expect(try Self.entitlements(in: stillOn["accessToken"] as? String ?? "") == [Self.product])
                server.clock.advance(by: 2 * 86_400)
                let over = try await Self.refresh(stillOn, http)
                #expect(try Self.entitlements(in: over["accessToken"] as? String ?? "") == nil, "the month is over")
            }
        }
    }
}

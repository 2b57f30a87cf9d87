import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// Each account change reports its event to an endpoint that hears of everything, on every store,
/// queued in the change's own transaction.
@Suite("Account events for webhooks")
struct AccountWebhookEventTests {
    /// A server on `storage` with passkeys on and an endpoint subscribed to every event.
    static func server(on storage: any Storage) async throws -> (TestServer, WebhookEndpointRecord) {
        let server = try await TestServer.make(storage: storage) { configuration in
            configuration.rateLimits = false
            configuration.passkeys = PasskeyRelyingParty(
                id: PasskeyAPITests.rpID, name: "Example", origins: [PasskeyAPITests.origin])
        }
        let endpoint = try await WebhookEndpoints(
            storage: storage, sealer: WebhookSecretSealer(keys: TestServer.keys), clock: server.clock,
            random: SecureRandomSource()
        ).add(url: "https://hooks.example.com/", events: ["*"]).endpoint
        return (server, endpoint)
    }

    /// The data of every event of `type` queued for `endpoint`, oldest first.
    static func events(_ type: WebhookEventType, for endpoint: WebhookEndpointRecord, in storage: any Storage)
        async throws -> [[String: Value]]
    {
        let deliveries = try await storage.read { try await $0.webhookDeliveries(endpointID: endpoint.id, limit: 500) }
        return try deliveries.reversed().filter { $0.eventType == type.rawValue }.map { delivery in
            let payload = try Value(json: try #require(delivery.payload))
            #expect(payload.objectValue?["type"]?.stringValue == type.rawValue)
            return try #require(payload.objectValue?["data"]?.objectValue)
        }
    }

    @Test("user.updated: names, photo and a confirmed address change", arguments: StorageKind.allCases)
    func userUpdated(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (server, endpoint) = try await Self.server(on: storage)
            try await server.test { client in
                let session = try await client.signUpWithCode("sam@example.com", server: server)
                let named = try await client.send(
                    .patch, "/v1/me", body: #"{"firstName": "Sam", "lastName": "Jones"}"#,
                    bearer: session.accessToken)
                #expect(named.status == 200, "\(named.text)")
                let same = try await client.send(
                    .patch, "/v1/me", body: #"{"firstName": "Sam"}"#, bearer: session.accessToken)
                #expect(same.status == 200, "nothing changed, nothing reported")
                let photo = try await client.send(
                    .put, "/v1/me/avatar", bytes: ProfileTests.png, contentType: "image/png",
                    bearer: session.accessToken)
                #expect(photo.status == 200, "\(photo.text)")
                let asked = try await client.post(
                    "/v1/me/email", ["email": "samantha@example.com"], bearer: session.accessToken)
                #expect(asked.status == 202, "\(asked.text)")
                let code = try #require(await server.latestCode(to: "samantha@example.com"))
                let changed = try await client.post("/v1/me/email/verify", ["code": code], bearer: session.accessToken)
                #expect(changed.status == 200, "\(changed.text)")

                let id = Value.string(session.userID)
                let updates = try await Self.events(.userUpdated, for: endpoint, in: storage)
                #expect(
                    updates == [
                        ["userId": id, "changed": ["firstName", "lastName"]],
                        ["userId": id, "changed": ["avatar"]],
                        ["userId": id, "changed": ["email"], "email": "samantha@example.com"],
                    ])
                let verified = try await Self.events(.emailVerified, for: endpoint, in: storage)
                #expect(verified.last == ["userId": id, "email": "samantha@example.com"])
            }
        }
    }

    @Test("user.updated: a guest who proves an address becomes a full account", arguments: StorageKind.allCases)
    func guestUpgraded(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (server, endpoint) = try await Self.server(on: storage)
            try await server.test { client in
                let guest = try await client.post("/v1/auth/guest")
                let upgraded = try await client.signUpWithCode(
                    "gia@example.com", server: server, bearer: guest.json.accessToken)
                #expect(upgraded.userID == guest.json.userID)
                let updates = try await Self.events(.userUpdated, for: endpoint, in: storage)
                #expect(
                    updates == [
                        [
                            "userId": .string(upgraded.userID), "changed": ["email", "isGuest"],
                            "email": "gia@example.com",
                        ]
                    ])
            }
        }
    }

    @Test("passkey.added and passkey.removed name the credential, never its key", arguments: StorageKind.allCases)
    func passkeys(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (server, endpoint) = try await Self.server(on: storage)
            try await server.test { client in
                let session = try await client.signUpWithCode("pat@example.com", server: server)
                let added = try await PasskeyAPITests.addPasskey(
                    SoftwareAuthenticator(), bearer: session.accessToken, client: client)
                #expect(added.status == 201, "\(added.text)")
                let id = try #require(added.json["id"] as? String)
                let removed = try await client.send(.delete, "/v1/me/passkeys/\(id)", bearer: session.accessToken)
                #expect(removed.status == 204, "\(removed.text)")

                let user = Value.string(session.userID)
                let adds = try await Self.events(.passkeyAdded, for: endpoint, in: storage)
                #expect(adds.count == 1)
                #expect(adds.first?["userId"] == user && adds.first?["passkeyId"] == .string(id))
                #expect(adds.first?["publicKey"] == nil)
                let removals = try await Self.events(.passkeyRemoved, for: endpoint, in: storage)
                #expect(removals == [["userId": user, "passkeyId": .string(id)]])
                await server.auditTrail.flush()
                let account = UUID(uuidString: session.userID)
                let audit = try await storage.read {
                    try await $0.auditEntries(accountID: account, since: .distantPast, limit: 50)
                }
                #expect(Set(audit.map(\.event)).isSuperset(of: ["passkey_added", "passkey_removed"]))
            }
        }
    }

    @Test("mfa.enabled and mfa.disabled, each once, with no secret", arguments: StorageKind.allCases)
    func secondFactor(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (server, endpoint) = try await Self.server(on: storage)
            try await server.test { client in
                let (secret, _, token) = try await SecondFactorTests.enrol(
                    client, server: server, email: "ray@example.com")
                server.clock.advance(by: 30)
                let code = try SecondFactorTests.code(secret, at: server.clock.now)
                let off = try await client.post("/v1/me/mfa/totp/disable", ["code": code], bearer: token)
                #expect(off.status == 204, "\(off.text)")

                let me = try await client.get("/v1/me", bearer: token)
                let user = Value.string(me.json["id"] as? String ?? "")
                #expect(
                    try await Self.events(.mfaEnabled, for: endpoint, in: storage) == [
                        ["userId": user, "method": "totp"]
                    ])
                #expect(
                    try await Self.events(.mfaDisabled, for: endpoint, in: storage) == [
                        ["userId": user, "method": "totp"]
                    ])
                let deliveries = try await storage.read {
                    try await $0.webhookDeliveries(endpointID: endpoint.id, limit: 500)
                }
                #expect(
                    deliveries.allSatisfy { !String(decoding: $0.payload ?? Data(), as: UTF8.self).contains(secret) })
            }
        }
    }

    @Test("group.created and group.member_joined", arguments: StorageKind.allCases)
    func groups(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let (server, endpoint) = try await Self.server(on: storage)
            try await server.test { client in
                let owner = try await client.signUpWithCode("ana@example.com", server: server)
                let created = try await client.post(
                    "/v1/groups", ["name": "Home", "kind": "household"], bearer: owner.accessToken)
                #expect(created.status == 201, "\(created.text)")
                let groupID = try #require(created.json["id"] as? String)
                let code = try #require(created.json["inviteCode"] as? String)
                let member = try await client.signUpWithCode("ben@example.com", server: server)
                let joined = try await client.post(
                    "/v1/groups/join", ["inviteCode": code], bearer: member.accessToken)
                #expect(joined.status == 200, "\(joined.text)")
                #expect(
                    try await client.post("/v1/groups/join", ["inviteCode": code], bearer: member.accessToken).status
                        == 409)

                #expect(
                    try await Self.events(.groupCreated, for: endpoint, in: storage) == [
                        ["groupId": .string(groupID), "kind": "household", "createdBy": .string(owner.userID)]
                    ])
                #expect(
                    try await Self.events(.groupMemberJoined, for: endpoint, in: storage) == [
                        ["groupId": .string(groupID), "userId": .string(member.userID), "role": "member"]
                    ])
            }
        }
    }

    @Test(
        "flow.abandoned: a walk folded without finishing is reported once, with its last screen",
        arguments: StorageKind.allCases)
    func flowAbandoned(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let clock = ManualClock()
            let endpoint = try await WebhookEndpoints(
                storage: storage, sealer: WebhookSecretSealer(keys: TestServer.keys), clock: clock,
                random: SecureRandomSource()
            ).add(url: "https://hooks.example.com/", events: ["flow.abandoned"]).endpoint
            let user = UserRecord(id: UUID(), email: "walker@example.com", createdAt: clock.now)
            try await storage.transaction { try await $0.insertUser(user) }
            func walk(_ install: String, _ steps: [(AnalyticsEventRecord.Kind, String)], userID: UUID? = nil)
                -> [AnalyticsEventRecord]
            {
                steps.enumerated().map { index, step in
                    AnalyticsEventRecord(
                        id: UUID(), installID: install, userID: index == steps.count - 1 ? userID : nil,
                        flowID: "tanda", flowVersion: 3, variant: "twoSlides", kind: step.0, screen: step.1,
                        sequence: index, at: clock.now.addingTimeInterval(Double(index) * 10), receivedAt: clock.now)
                }
            }
            let events =
                walk("install-left", [(.screenShown, "slide1"), (.screenShown, "slide2"), (.action, "slide2")])
                + walk("install-done", [(.screenShown, "slide1"), (.completed, "slide2")])
                + walk("install-signed", [(.screenShown, "slide1"), (.screenShown, "createAccount")], userID: user.id)
            try await storage.transaction { _ = try await $0.insertEvents(events) }
            var policy = AnalyticsPolicy()
            policy.compactAfter = 3_600
            let analytics = AnalyticsService(
                storage: storage, catalog: try FlowCatalog.bundled(), policy: policy,
                context: ServiceContext(
                    clock: clock, random: SecureRandomSource(),
                    webhooks: WebhookEvents(clock: clock, random: SecureRandomSource())))
            #expect(try await analytics.compact() == 0, "not idle yet")
            clock.advance(by: 2 * 86_400)
            #expect(try await analytics.compact() == 3)
            #expect(try await analytics.compact() == 0)

            let abandoned = try await Self.events(.flowAbandoned, for: endpoint, in: storage)
            #expect(abandoned.count == 2)
            let left = try #require(abandoned.first { $0["installId"] == "install-left" })
            #expect(left["lastScreen"] == "slide2" && left["flowId"] == "tanda" && left["flowVersion"] == 3)
            #expect(left["variant"] == "twoSlides" && left["userId"] == nil)
            let signed = try #require(abandoned.first { $0["installId"] == "install-signed" })
            #expect(signed["lastScreen"] == "createAccount" && signed["userId"] == .string(user.id.lowercasedText))
        }
    }
}

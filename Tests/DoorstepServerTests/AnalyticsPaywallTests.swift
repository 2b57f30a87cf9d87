import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

/// Paywall conversion per variant: walks that reached the paywall, and those whose account bought,
/// from the accounts' entitlements rather than from anything a client says.
@Suite("Paywall conversion in funnels")
struct AnalyticsPaywallTests {
    let clock = ManualClock()

    /// Kordant with an experiment on its paywall: the control shows it on `plan`, `offer` shows the
    /// same paywall on a screen of its own instead.
    static func catalog() throws -> FlowCatalog {
        var flow = try #require(try FlowCatalog.bundled().flow("kordant"))
        var offer = try #require(flow.screens.first { $0.id == "plan" })
        offer.id = "offer"
        flow.experiment = Experiment(
            id: "paywallPlace", summary: "Does a paywall of its own sell more?",
            variants: [
                FlowVariant(id: "control", weight: 1),
                FlowVariant(id: "offer", weight: 1, changes: FlowChanges(removedScreens: ["plan"], screens: [offer])),
            ])
        return FlowCatalog(flows: [flow])
    }

    /// The services a test walks and buys through, on one storage.
    struct Shop {
        let storage: any Storage
        let flow: FlowDefinition
        let analytics: AnalyticsService
        let purchases: PurchaseService
        let store: TestAppStore
    }

    func shop(_ storage: any Storage) throws -> Shop {
        let catalog = try Self.catalog()
        let store = try TestAppStore()
        let verifier = try AppStoreVerifier(
            bundleID: "com.example.kordant", environment: .sandbox, rootCertificates: [store.rootDER])
        let context = ServiceContext(clock: clock, random: SecureRandomSource())
        return Shop(
            storage: storage, flow: try #require(catalog.flow("kordant")),
            analytics: AnalyticsService(storage: storage, catalog: catalog, context: context),
            purchases: PurchaseService(storage: storage, verifier: verifier, context: context), store: store)
    }

    func account(_ storage: any Storage) async throws -> Caller {
        let id = UUID()
        try await storage.transaction {
            try await $0.insertUser(
                UserRecord(id: id, email: "\(id)@example.com", createdAt: Date(timeIntervalSince1970: 0)))
        }
        return Caller(userID: id, sessionID: UUID())
    }

    /// A walk of `install` through `screens`, one every four seconds from now, sent signed in as
    /// `account` if any.
    func walk(_ install: String, _ screens: [String], _ variant: String, _ account: Caller?, in shop: Shop)
        async throws
    {
        let events = screens.enumerated().map { index, screen in
            IncomingEvent(
                id: UUID(), installID: install, flowID: "kordant", flowVersion: shop.flow.version, variant: variant,
                kind: .screenShown, screen: screen, sequence: index,
                at: clock.now.addingTimeInterval(Double(index * 4)))
        }
        let result = try await shop.analytics.record(events, userID: account?.userID)
        #expect(result.rejected.isEmpty && result.accepted == screens.count)
    }

    /// `buyer` buys `product` now, through the App Store's signed transaction.
    func buy(_ buyer: Caller, _ product: String = "com.kordant.premium.monthly", id: String, in shop: Shop)
        async throws
    {
        var transaction = TestAppStore.transaction(for: buyer.userID, original: id, id: id, signedAt: clock.now)
        transaction.productId = product
        _ = try await shop.purchases.record(buyer, signedTransaction: try shop.store.sign(transaction))
    }

    func paywalls(_ report: FunnelReport) -> [String: FunnelReport.PaywallResult] {
        var paywalls: [String: FunnelReport.PaywallResult] = [:]
        for variant in report.variants { paywalls[variant.variant] = variant.paywall }
        return paywalls
    }

    static let expected: [String: FunnelReport.PaywallResult] = [
        "control": .init(screen: "plan", reached: 4, converted: 1, conversion: 0.25),
        "offer": .init(screen: "offer", reached: 4, converted: 2, conversion: 0.5),
    ]

    @Test(
        "Per variant, walks that reached the paywall and those whose account then bought, before and after compaction",
        arguments: StorageKind.allCases)
    func conversionPerVariant(_ kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let shop = try shop(storage)
            var accounts: [String: Caller] = [:]
            for name in ["early", "buyer", "browser", "bystander", "granted", "first", "second", "other"] {
                accounts[name] = try await account(storage)
            }
            // Bought an hour before walking past the paywall: not a conversion of this walk.
            try await buy(accounts["early"]!, id: "1000", in: shop)
            clock.advance(by: 3_600)
            let toPlan = ["login", "signup", "acceptTerms", "plan"]
            let toOffer = ["login", "signup", "acceptTerms", "offer"]
            try await walk("install-c-buyer", toPlan + ["watchlist"], "control", accounts["buyer"], in: shop)
            try await walk("install-c-anonymous", toPlan, "control", nil, in: shop)
            for name in ["browser", "early"] {
                try await walk("install-c-\(name)", toPlan, "control", accounts[name], in: shop)
            }
            try await walk("install-c-bystander", ["login", "signup"], "control", accounts["bystander"], in: shop)
            for name in ["first", "second", "other", "granted"] {
                try await walk("install-o-\(name)", toOffer, "offer", accounts[name], in: shop)
            }

            clock.advance(by: 600)
            try await buy(accounts["buyer"]!, id: "1001", in: shop)
            try await buy(accounts["first"]!, "com.kordant.plus.monthly", id: "1002", in: shop)
            try await buy(accounts["second"]!, id: "1003", in: shop)
            // Not a product of the paywall; a purchase by a walk that never reached it; a support grant.
            try await buy(accounts["other"]!, "com.kordant.stickers", id: "1004", in: shop)
            try await buy(accounts["bystander"]!, id: "1005", in: shop)
            _ = try await shop.purchases.grant(
                "com.kordant.premium.monthly", to: accounts["granted"]!.userID, until: nil, id: "support-1",
                by: "support")

            let fresh = try await shop.analytics.funnel(flowID: "kordant", version: nil, variant: nil)
            #expect(paywalls(fresh) == Self.expected, "walks not compacted yet are counted at once")

            clock.advance(by: 3 * 86_400)
            #expect(try await shop.analytics.compact() == 9)
            let raw = try await storage.read {
                try await $0.events(flowID: "kordant", from: .distantPast, to: .distantFuture)
            }
            #expect(raw.isEmpty, "the walks and their accounts are gone from the raw events")
            // Bought after the walk was compacted: its figure is settled.
            try await buy(accounts["browser"]!, id: "1006", in: shop)
            let compacted = try await shop.analytics.funnel(flowID: "kordant", version: nil, variant: nil)
            #expect(paywalls(compacted) == Self.expected, "the daily tallies keep the counts")
            let days = try await storage.read {
                try await $0.dailyFunnels(flowID: "kordant", firstDay: "0001-01-01", lastDay: "9999-12-31")
            }
            #expect(
                days.map(\.paywall).reduce(into: PaywallTally()) { $0.add($1) }
                    == PaywallTally(reached: 8, converted: 3))
            let offerOnly = try await shop.analytics.funnel(flowID: "kordant", version: nil, variant: "offer")
            #expect(paywalls(offerOnly) == ["offer": Self.expected["offer"]!])
        }
    }
}

@Suite("Paywall conversion over HTTP and on the admin page")
struct AdminPaywallTests {
    static func event(_ install: String, _ screen: String, sequence: Int, at: Date) -> [String: Any] {
        [
            "id": UUID().uuidString, "installId": install, "flowId": "kordant", "flowVersion": 2,
            "type": "screenShown", "screen": screen, "sequence": sequence,
            "at": ISO8601DateFormatter().string(from: at),
        ]
    }

    @Test("The funnel answers each variant's paywall conversion, and /admin draws it as a table")
    func reported() async throws {
        let server = try await TestServer.make { $0.adminToken = AnalyticsAPITests.adminToken }
        try await server.test { client in
            let now = server.clock.now
            let session = try await client.signUpWithPassword("plan@example.com")
            let walk = { (install: String) in
                ["login", "signup", "plan"].enumerated().map {
                    Self.event(install, $1, sequence: $0, at: now + Double($0))
                }
            }
            let signedIn = try await client.post(
                "/v1/events", ["events": walk("install-paying")], bearer: session.accessToken)
            #expect(signedIn.json["accepted"] as? Int == 3)
            #expect(try await client.post("/v1/events", ["events": walk("install-looking")]).status == 202)
            let userID = try #require(UUID(uuidString: session.userID))
            try await server.storage.transaction { store in
                try await store.saveEntitlement(
                    EntitlementRecord(
                        originalTransactionID: "3000", userID: userID, productID: "com.kordant.plus.monthly",
                        transactionID: "3000", environment: "Sandbox", ownershipType: "PURCHASED",
                        purchasedAt: now + 60, expiresAt: now + 30 * 86_400, revokedAt: nil, signedAt: now + 60,
                        updatedAt: now + 60))
            }

            let funnel = try await client.get("/v1/admin/flows/kordant/funnel", bearer: AnalyticsAPITests.adminToken)
            #expect(funnel.status == 200, "\(funnel.text)")
            let variants = try #require(funnel.json["variants"] as? [[String: Any]])
            let paywall = try #require(variants.first?["paywall"] as? [String: Any])
            #expect(variants.first?["variant"] as? String == "control")
            #expect(paywall["screen"] as? String == "plan")
            #expect(paywall["reached"] as? Int == 2)
            #expect(paywall["converted"] as? Int == 1)
            #expect(paywall["conversion"] as? Double == 0.5)
            let tanda = try await client.get("/v1/admin/flows/tanda/funnel", bearer: AnalyticsAPITests.adminToken)
            #expect((tanda.json["variants"] as? [[String: Any]])?.contains { $0["paywall"] != nil } != true)

            var browser = FunnelBrowser(client)
            _ = try await browser.open("/admin")
            let page = try await browser.post("/admin", [("token", AnalyticsAPITests.adminToken)])
            #expect(page.text.contains("<caption>Paywall conversion"))
            #expect(page.text.contains("<tr><td>control</td><td>plan</td><td>2</td><td>1</td><td>50.0 %</td></tr>"))
        }
    }
}

import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Events and funnels over HTTP")
struct AnalyticsAPITests {
    static let adminToken = "admin-token-for-tests-0123456789"

    static func event(_ install: String, _ type: String, _ screen: String, sequence: Int, at: Date) -> [String: Any] {
        [
            "id": UUID().uuidString, "installId": install, "flowId": "tanda", "flowVersion": 3, "type": type,
            "screen": screen, "sequence": sequence, "at": ISO8601DateFormatter().string(from: at),
        ]
    }

    @Test("Apps send events without a session; a signed-in app's events join its account; duplicates change nothing")
    func recordEvents() async throws {
        let server = try await TestServer.make { $0.adminToken = Self.adminToken }
        try await server.test { client in
            let now = server.clock.now
            var first = Self.event("install-0001", "screenShown", "slide1", sequence: 0, at: now)
            let batch: [[String: Any]] = [
                first, Self.event("install-0001", "screenShown", "slide2", sequence: 1, at: now + 3),
                Self.event("install-0001", "fieldAnswered", "slide2", sequence: 2, at: now + 4).merging(
                    ["field": "email"]) { $1 },
                Self.event("install-0001", "screenShown", "no-such-screen", sequence: 3, at: now + 5),
            ]
            let recorded = try await client.post("/v1/events", ["events": batch])
            #expect(recorded.status == 202, "\(recorded.text)")
            #expect(recorded.json["accepted"] as? Int == 3)
            #expect((recorded.json["rejected"] as? [[String: Any]])?.first?["code"] as? String == "unknown_screen")
            let again = try await client.post("/v1/events", ["events": [first]])
            #expect(again.json["duplicates"] as? Int == 1)

            let session = try await client.signUpWithPassword("evt@example.com")
            first["id"] = UUID().uuidString
            first["sequence"] = 5
            let signedIn = try await client.post("/v1/events", ["events": [first]], bearer: session.accessToken)
            #expect(signedIn.json["accepted"] as? Int == 1)
            let stored = try await server.storage.read {
                try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
            }
            #expect(stored.filter { $0.userID?.uuidString.lowercased() == session.userID }.count == 1)

            let empty = try await client.post("/v1/events", ["events": [] as [Any]])
            #expect(empty.status == 422 || empty.status == 400)
        }
    }

    @Test("Funnels are for the admin token or an admin's session; everyone else gets 401")
    func adminFunnel() async throws {
        let server = try await TestServer.make {
            $0.adminToken = Self.adminToken
            $0.adminEmails = ["Boss@Example.com"]
        }
        try await server.test { client in
            let now = server.clock.now
            let events = (0..<4).flatMap { install in
                [Self.event("install-000\(install)", "screenShown", "slide1", sequence: 0, at: now)]
                    + (install < 3
                        ? [Self.event("install-000\(install)", "screenShown", "slide2", sequence: 1, at: now + 2)] : [])
            }
            #expect(try await client.post("/v1/events", ["events": events]).status == 202)
            let path = "/v1/admin/flows/tanda/funnel"
            #expect(try await client.get(path).status == 401)
            #expect(try await client.get(path, bearer: "admin-token-for-tests-012345678X").status == 401)
            let guest = try await client.post("/v1/auth/guest")
            #expect(try await client.get(path, bearer: guest.json.accessToken).status == 401)

            let funnel = try await client.get(path, bearer: Self.adminToken)
            #expect(funnel.status == 200, "\(funnel.text)")
            #expect(funnel.json["installs"] as? Int == 4)
            let steps = try #require(funnel.json["steps"] as? [[String: Any]])
            #expect(steps.first?["screen"] as? String == "slide1")
            #expect(steps.first?["droppedOff"] as? Int == 1)
            #expect(try await client.get("/v1/admin/flows/nope/funnel", bearer: Self.adminToken).status == 404)

            let boss = try await client.signUpWithCode("boss@example.com", server: server)
            #expect(try await client.get(path, bearer: boss.accessToken).status == 200, "a verified admin email")
        }
    }
}

@Suite("The admin page")
struct AdminPageTests {
    @Test("/admin asks for the admin token, then draws every flow's funnel as SVG without script")
    func dashboard() async throws {
        let server = try await TestServer.make { $0.adminToken = AnalyticsAPITests.adminToken }
        try await server.test { client in
            let now = server.clock.now
            let events = (0..<3).flatMap { install in
                [AnalyticsAPITests.event("admin-page-\(install)", "screenShown", "slide1", sequence: 0, at: now)]
                    + (install == 0
                        ? [
                            AnalyticsAPITests.event(
                                "admin-page-\(install)", "screenShown", "slide2", sequence: 1, at: now)
                        ]
                        : [])
            }
            let assigned = events.map { event in
                event.merging(["variant": event["installId"] as? String == "admin-page-0" ? "threeSlides" : "twoSlides"]
                ) {
                    $1
                }
            }
            #expect(try await client.post("/v1/events", ["events": assigned]).status == 202)

            var browser = FunnelBrowser(client)
            let form = try await browser.open("/admin")
            #expect(form.text.contains(#"name="token""#))
            #expect(!form.text.contains("<svg"))
            let refused = try await browser.post("/admin", [("token", "not-the-token-at-all-000000")])
            #expect(refused.status == 401)
            #expect(refused.text.contains("That is not the admin token."))
            let noCSRF = try await browser.post("/admin", [("token", AnalyticsAPITests.adminToken)], csrf: "forged")
            #expect(noCSRF.status == 403)

            let page = try await browser.post("/admin", [("token", AnalyticsAPITests.adminToken)])
            #expect(page.status == 200)
            #expect(page.text.contains("<svg class=\"funnel-chart\""))
            #expect(page.text.contains("3 installs · 0 finished"))
            #expect(page.text.contains("slide1: 3 reached, 1 moved on, 2 dropped off"))
            #expect(!page.text.contains("<script"), "no script on the admin page")
            #expect(
                page.text.contains(
                    "<caption>carouselLength: Do two welcome slides bring more people to a verified account than three?"
                ),
                "the experiment's question above its variants")
            #expect(page.text.contains("<tr><td>twoSlides</td><td>2</td><td>0</td>"))
            for flow in ["tanda", "trainer", "familysync", "destiny", "kordant"] {
                #expect(page.text.contains(#"id="\#(flow)""#))
            }
        }
    }
}

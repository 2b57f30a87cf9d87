import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: the browser's time zone")
struct WebFunnelTimeZoneTests {
    @Test("A browser in California at 22:00 on 21 September (05:00 UTC on the 22nd) starts the pickers there")
    func californiaEvening() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        // The test clock starts at 2026-09-21T14:13:20Z; 05:00 UTC on the 22nd is 22:00 in California.
        server.clock.advance(by: 53_200)
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/destiny")
            let zone = [("_tz", "America/Los_Angeles")]
            try await browser.submit("destiny", zone, press: "launched")
            try await browser.submit("destiny", zone, press: "skip")
            #expect(browser.screen == "auth")
            let page = try await browser.submit("destiny", zone, press: "guest")
            #expect(browser.screen == "birthData")
            #expect(page.text.contains(#"value="2026-09-21""#), "today where the person is")
            #expect(page.text.contains(#"value="22:00""#))
            #expect(page.text.contains(#"max="2026-09-21""#), "tomorrow in California is the future")
            #expect(!page.text.contains("2026-09-22"))
        }
    }
}

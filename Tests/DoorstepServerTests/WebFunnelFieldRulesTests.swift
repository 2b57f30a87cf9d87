import DoorstepFlow
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: the page checks what the engine checks")
struct WebFunnelFieldRulesTests {
    /// Whether `text` matches `pattern` whole, as a browser checks an input's `pattern`.
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: "^(?:\(pattern))$")
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test(
        "The invite code's pattern accepts exactly what the engine's rule accepts",
        arguments: ["K7M2QX9P", "k7m2-qx9p", " K7M2 QX9P ", "OOPS", "K7M2QX9", "K7M2QX9PQ", "O0I1QX9P", "K7M2QX9!"])
    func inviteCodePattern(_ text: String) throws {
        #expect(try Self.matches(InviteCode.inputPattern, text) == InviteCode.isWellFormed(text), "\(text)")
    }

    @Test("FamilySync's join page gives the invite code field the engine's rule, so OOPS is refused in the page")
    func joinPageCarriesThePattern() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/familysync")
            for action in ["next", "next", "getStarted", "guest", "join"] {
                try await browser.submit("familysync", press: action)
            }
            #expect(browser.screen == "joinHousehold")
            let page = try #require(browser.page?.text)
            let pattern = try #require(
                FunnelBrowser.capture(#"name="inviteCode"[^>]*pattern="([^"]*)""#, in: page))
            #expect(pattern == InviteCode.inputPattern)
            #expect(try Self.matches(pattern, "OOPS") == false)
            #expect(try Self.matches(pattern, "K7M2QX9P"))
        }
    }
}

import Crypto
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Web funnel: the puzzle that tells a person from a script")
struct FunnelPuzzleTests {
    static func server() async throws -> TestServer {
        try await TestServer.make { configuration in
            configuration.rateLimits = false
            configuration.appAttest.policy = try! HumanProofPolicy(parsing: "web.sign-up=enforce,web.code-send=enforce")
        }
    }

    /// What the page's worker sends: its puzzle's token and the first number that solves it.
    static func solution(on page: String) throws -> String {
        let token = try #require(PageText.capture(#"data-puzzle="([^"]*)""#, in: page))
        let difficulty = try #require(PageText.capture(#"data-difficulty="([0-9]+)""#, in: page).flatMap { Int($0) })
        for nonce in 0..<UInt64.max {
            let hash = SHA256.hash(data: Data("\(token).\(nonce)".utf8))
            var bits = 0
            for byte in hash {
                bits += byte.leadingZeroBitCount
                if byte != 0 { break }
            }
            if bits >= difficulty { return "\(token) \(nonce)" }
        }
        fatalError("unreachable")
    }

    @Test("A form sent without the page's puzzle solved is refused in words, and mails nothing; solved, it goes on")
    func refusedThenSolved() async throws {
        let server = try await Self.server()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            #expect(browser.page?.text.contains("data-puzzle") == false, "the welcome screen mails nothing")
            try await browser.submit("tanda", press: "getStarted")
            let page = try #require(browser.page?.text)
            #expect(page.contains("data-puzzle"), "the email screen mails a code")

            let refused = try await browser.submit("tanda", [("email", "sam@example.com")], press: "continue")
            #expect(browser.screen == "createAccount")
            #expect(refused.text.contains("checks that you"), "\(refused.text)")
            #expect(await server.latestCode(to: "sam@example.com") == nil)

            let solved = try Self.solution(on: try #require(browser.page?.text))
            try await browser.submit("tanda", [("email", "sam@example.com"), ("_proof", solved)], press: "continue")
            #expect(browser.screen == "verifyEmail")
            #expect(await server.latestCode(to: "sam@example.com") != nil)

            // The same answer from another browser was spent.
            var script = FunnelBrowser(client)
            try await script.open("/flows/tanda")
            try await script.submit("tanda", press: "getStarted")
            try await script.submit("tanda", [("email", "eve@example.com"), ("_proof", solved)], press: "continue")
            #expect(script.screen == "createAccount")
            #expect(await server.latestCode(to: "eve@example.com") == nil)
        }
    }

    @Test("With the policy off no page carries a puzzle and nothing is refused")
    func policyOff() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.page?.text.contains("data-puzzle") == false, "the policy is off")
            try await browser.submit("tanda", [("email", "sam@example.com")], press: "continue")
            #expect(browser.screen == "verifyEmail")
        }
    }
}

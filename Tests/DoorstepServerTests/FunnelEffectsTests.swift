import DoorstepTestSupport
import Foundation
import Synchronization
import Testing

@testable import DoorstepServerCore

/// A password hasher for a crowd: it makes the decoy hash a server makes as it starts, then refuses
/// every hash, as the bounded hasher does when its queue stayed full for as long as a request may wait.
final class CrowdedHasher: PasswordHasher {
    private let decoyMade = Mutex(false)

    func hash(_ secret: String) async throws -> String {
        let crowded = decoyMade.withLock { made in
            defer { made = true }
            return made
        }
        guard crowded else { return "decoy" }
        throw HashingBusy(retryAfter: 1)
    }

    func verify(_ secret: String, against hash: String) async throws -> Bool {
        throw HashingBusy(retryAfter: 1)
    }

    func verify(_ password: String, imported: ImportedPasswordHash, firebase: FirebaseScrypt?) async throws -> Bool {
        throw HashingBusy(retryAfter: 1)
    }
}

@Suite("Web funnel effects fail as the app's do")
struct FunnelEffectsTests {
    @Test("A crowd at the password hasher: the page says what the API tells the app, and the person stays")
    func crowdedHasher() async throws {
        let server = try await TestServer.make(hasher: CrowdedHasher()) { $0.rateLimits = false }
        try await server.test { client in
            let api = try await client.post(
                "/v1/auth/login", ["email": "kim@example.com", "password": "Sunny-Days-2026"])
            #expect(api.status == 429 && api.code == "rate_limited")
            let words = try #require(api.json["detail"] as? String)

            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            try await browser.submit("tanda", [("email", "kim@example.com")], press: "continue")
            let code = try #require(await server.latestCode(to: "kim@example.com"))
            try await browser.submit("tanda", [("code", code)], press: "verify")
            try await browser.submit("tanda", press: "continue")
            #expect(browser.screen == "createPassword")
            let page = try await browser.submit(
                "tanda", [("password", "Sunny-Days-2026"), ("confirmPassword", "Sunny-Days-2026")], press: "continue")
            #expect(browser.screen == "createPassword", "the person stays where they were")
            #expect(page.text.contains(words), "the words the app shows for the API's 429")
        }
    }
}

import DoorstepHTTP
import DoorstepServer
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import Testing

@Suite("Rate limits")
struct RateLimitTests {
    @Test("Identify is limited per IP: the 31st request in a minute is 429 with Retry-After")
    func identifyLimit() async throws {
        let server = try await TestServer.make()
        try await server.test { (client: TestHTTPClient) async throws in
            for index in 0..<30 {
                #expect(try await client.post("/v1/auth/identify", ["email": "u\(index)@example.com"]).status == 200)
            }
            let limited = try await client.post("/v1/auth/identify", ["email": "late@example.com"])
            #expect(limited.status == 429)
            #expect(limited.code == "rate_limited")
            #expect(limited.headers[.retryAfter] == "60")
            server.clock.advance(by: 60)
            #expect(try await client.post("/v1/auth/identify", ["email": "late@example.com"]).status == 200)
        }
    }

    @Test("Every auth endpoint is limited, and limits can be turned off")
    func everyEndpoint() async throws {
        let limited = try await TestServer.make()
        try await limited.test { (client: TestHTTPClient) async throws in
            var statuses: [Int] = []
            for _ in 0..<11 { statuses.append(try await client.post("/v1/auth/guest").status) }
            #expect(statuses.last == 429)
        }
        let open = try await TestServer.make { $0.rateLimits = false }
        try await open.test { (client: TestHTTPClient) async throws in
            for _ in 0..<15 { #expect(try await client.post("/v1/auth/guest").status == 201) }
        }
    }

    @Test("Guessing invite codes is limited per IP too, so a new guest does not start the count over")
    func joinLimitPerAddress() async throws {
        let server = try await TestServer.make()
        try await server.test { (client: TestHTTPClient) async throws in
            var statuses: [Int] = []
            for guesses in [6, 5] {
                let guest = try await client.post("/v1/auth/guest")
                #expect(guest.status == 201)
                for _ in 0..<guesses {
                    let join = try await client.post(
                        "/v1/groups/join", ["inviteCode": "ZZZZZZZZ"], bearer: guest.json.accessToken)
                    statuses.append(join.status)
                }
            }
            #expect(statuses == Array(repeating: 422, count: 10) + [429], "each guest is under its own limit")
        }
    }

    @Test("The limiter counts per key and forgets finished windows")
    func limiter() {
        let limiter = RateLimiter(maximumKeys: 2)
        let start = Date(timeIntervalSince1970: 0)
        let limit = RateLimiter.Limit(requests: 2, per: 10)
        #expect(limiter.check("a", limit: limit, now: start) == nil)
        #expect(limiter.check("a", limit: limit, now: start + 1) == nil)
        #expect(limiter.check("a", limit: limit, now: start + 2) == 8)
        #expect(limiter.check("b", limit: limit, now: start + 2) == nil)
        #expect(limiter.check("c", limit: limit, now: start + 11) == nil)
        #expect(limiter.check("a", limit: limit, now: start + 12) == nil)
    }
}

@Suite("Dev mailbox")
struct DevMailboxTests {
    @Test("Mail is listed newest first with its code, and the page escapes what it shows")
    func listing() async throws {
        let server = try await TestServer.make { $0.devMailbox = true }
        try await server.test { (client: TestHTTPClient) async throws in
            _ = try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"])
            _ = try await client.post("/v1/auth/signup", ["email": "b@example.com", "password": "Sunny-Days-2026"])
            let all = try await client.get("/dev/mail.json")
            #expect(all.jsonArray.map { $0["to"] as? String } == ["b@example.com", "a@example.com"])
            let one = try await client.get("/dev/mail.json?to=A@Example.com")
            #expect(one.jsonArray.count == 1)
            #expect((one.jsonArray.first?["code"] as? String)?.count == 6)
            let page = try await client.get("/dev/mail")
            #expect(page.status == 200)
            #expect(page.text.contains("Dev mailbox"))
            #expect(page.text.contains("a@example.com"))
        }
        #expect(
            DevMailPage.escape("<script>\"x\" & 'y'</script>")
                == "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;")
    }

    @Test("Without the dev mailbox (the default), /dev/mail does not exist")
    func disabled() async throws {
        let server = try await TestServer.make()
        try await server.test { (client: TestHTTPClient) async throws in
            #expect(try await client.get("/dev/mail").status == 404)
            #expect(try await client.get("/dev/mail.json").status == 404)
            #expect(
                try await client.post("/v1/auth/code", ["email": "a@example.com", "purpose": "signup"]).status == 202)
        }
    }
}

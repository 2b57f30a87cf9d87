import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

/// A browser as the funnel sees it: its cookies, the CSRF token of the last page, and forms it posts.
/// Given several servers, it sends each request to the next in turn, as a balancer would.
struct FunnelBrowser {
    let clients: [TestHTTPClient]
    private var turn = 0
    /// Cookies by name, as the browser keeps them.
    var cookies: [String: String] = [:]
    var csrf: String?
    var page: TestResponse?
    /// Headers every request carries, such as a privacy signal.
    var extraHeaders: [HTTPField.Name: String] = [:]

    init(_ clients: TestHTTPClient...) {
        self.clients = clients
    }

    /// The server the next request goes to.
    private mutating func client() -> TestHTTPClient {
        defer { turn += 1 }
        return clients[turn % clients.count]
    }

    /// The `Cookie` header the browser sends.
    var cookie: String? {
        get {
            cookies.isEmpty
                ? nil : cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        set {
            cookies = [:]
            for pair in (newValue ?? "").split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if parts.count == 2 { cookies[String(parts[0])] = String(parts[1]) }
            }
        }
    }

    /// Closes the browser: cookies without an expiry are gone, the others stay.
    mutating func closeAndReopen(keeping persistent: Set<String>) {
        cookies = cookies.filter { persistent.contains($0.key) }
    }

    private mutating func keepCookies(from response: TestResponse) {
        for setCookie in response.headers[values: .setCookie] {
            guard let pair = setCookie.split(separator: ";").first else { continue }
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { cookies[String(parts[0])] = String(parts[1]) }
        }
    }

    /// The screen the last page shows.
    var screen: String? { Self.capture(#"data-screen="([^"]*)""#, in: page?.text ?? "") }

    /// Opens a page, following redirects within the server, and remembers its cookie and CSRF token.
    @discardableResult
    mutating func open(_ path: String) async throws -> TestResponse {
        var headers = extraHeaders
        if let cookie { headers[.cookie] = cookie }
        let response = try await client().send(.get, path, headers: headers)
        // A browser keeps the cookies of a redirect before following it.
        keepCookies(from: response)
        if response.status == 303, let location = response.headers[.location], location.hasPrefix("/") {
            return try await open(location)
        }
        page = response
        if let token = Self.capture(#"name="_csrf" value="([^"]*)""#, in: response.text) { csrf = token }
        return response
    }

    /// Posts a form of this page (its CSRF token added) to `path`, then opens where it leads.
    @discardableResult
    mutating func post(_ path: String, _ fields: [(String, String)], csrf override: String? = nil) async throws
        -> TestResponse
    {
        let pairs = [("_csrf", override ?? csrf ?? "")] + fields
        let body = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = extraHeaders
        if let cookie { headers[.cookie] = cookie }
        let response = try await client().send(
            .post, path, body: body, contentType: "application/x-www-form-urlencoded", headers: headers)
        keepCookies(from: response)
        guard response.status == 303, let location = response.headers[.location], location.hasPrefix("/") else {
            return response
        }
        return try await open(location)
    }

    /// Posts the screen's form with these fields and the pressed button, then opens where it leads.
    @discardableResult
    mutating func submit(
        _ flow: String, _ fields: [(String, String)] = [], press action: String? = nil, csrf override: String? = nil
    ) async throws -> TestResponse {
        var pairs = [("_csrf", override ?? csrf ?? ""), ("_screen", screen ?? "")] + fields
        if let action { pairs.append(("_action", action)) }
        let body = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = extraHeaders
        if let cookie { headers[.cookie] = cookie }
        let response = try await client().send(
            .post, "/flows/\(flow)", body: body, contentType: "application/x-www-form-urlencoded", headers: headers)
        keepCookies(from: response)
        guard response.status == 303, let location = response.headers[.location], location.hasPrefix("/") else {
            return response
        }
        return try await open(location)
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func capture(_ pattern: String, in text: String) -> String? {
        PageText.capture(pattern, in: text)
    }
}

@Suite("Web funnel")
struct WebFunnelTests {
    @Test("The index lists every flow of the catalog with a link to it")
    func index() async throws {
        let server = try await TestServer.make { $0.devMailbox = true }
        try await server.test { client in
            let page = try await client.get("/")
            #expect(page.status == 200)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            for id in ["tanda", "trainer", "familysync", "destiny", "kordant"] {
                #expect(page.text.contains("href=\"/flows/\(id)\""))
            }
            #expect(page.text.contains("dev mailbox"))
        }
    }

    @Test("A flow opens on its first screen with a safe cookie, a CSRF token and strict headers")
    func firstScreen() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            let page = try await browser.open("/flows/tanda")
            #expect(page.status == 200)
            #expect(browser.screen == "slide1")
            #expect(page.text.contains("Share Funds for Shared Fun"))
            let cookie = try #require(page.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && !cookie.contains("Secure"))
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'") == true)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(browser.csrf?.count ?? 0 >= 40)
            #expect(!page.text.contains("style=\""), "the content policy allows no inline styles")

            let overTLS = try await client.send(.get, "/flows/tanda", headers: [.init("X-Forwarded-Proto")!: "https"])
            #expect(overTLS.headers[.setCookie]?.contains("Secure") == true)
        }
    }

    @Test("A form without the page's CSRF token is refused and changes nothing")
    func csrf() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            let forged = try await browser.submit("tanda", press: "getStarted", csrf: "forged")
            #expect(forged.status == 403)
            #expect(forged.text.contains("This form has expired"))
            let missing = try await browser.submit("tanda", press: "getStarted", csrf: "")
            #expect(missing.status == 403)

            var stranger = FunnelBrowser(client)
            stranger.csrf = browser.csrf
            #expect(try await stranger.submit("tanda", press: "getStarted").status == 403, "no cookie, no walk")

            try await browser.open("/flows/tanda")
            #expect(browser.screen == "slide1")
            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.screen == "createAccount")
        }
    }

    @Test("A bad answer is shown next to its field, announced, and the screen stays")
    func validation() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            let page = try await browser.submit("tanda", [("email", "not-an-email")], press: "continue")
            #expect(browser.screen == "createAccount")
            #expect(page.text.contains(#"aria-invalid="true""#))
            #expect(page.text.contains(#"aria-describedby="f-email-error""#))
            #expect(page.text.contains(#"<p id="f-email-error" class="field-error role-caption" role="alert">"#))
            #expect(page.text.contains("Please enter a valid email address."))
            #expect(page.text.contains(#"value="not-an-email""#), "what was typed is kept")
        }
    }

    @Test("The funnel records a walk as events — ids only, never what was typed — unless the browser opts out")
    func recordsEvents() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            try await browser.submit("tanda", [("email", "typed-by-hand@example.com.x")], press: "continue")
            let events = try await server.storage.read {
                try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
            }.sorted { $0.sequence < $1.sequence }
            let steps = events.map { [$0.kind.rawValue, $0.screen, $0.subject ?? "-"].joined(separator: " ") }
            #expect(steps.first == "screenShown slide1 -")
            #expect(steps.filter { $0 == "screenShown slide1 -" }.count == 1, "a reload is not a new visit")
            #expect(steps.contains("action slide1 getStarted"))
            #expect(steps.contains("screenShown createAccount -"))
            #expect(steps.contains("fieldAnswered createAccount email"))
            #expect(steps.contains("errorShown createAccount invalid_email"))
            #expect(Set(events.map(\.installID)).count == 1)
            #expect(!steps.joined().contains("typed-by-hand"), "what was typed is never recorded")

            var optedOut = FunnelBrowser(client)
            optedOut.extraHeaders = [HTTPField.Name("Sec-GPC")!: "1"]
            try await optedOut.open("/flows/destiny")
            try await optedOut.submit("destiny", press: "next")
            let destiny = try await server.storage.read {
                try await $0.events(flowID: "destiny", from: .distantPast, to: .distantFuture)
            }
            #expect(destiny.isEmpty, "Global Privacy Control: nothing recorded")
        }
    }

    @Test("The shipped catalog's experiment is paused: every browser sees the spec's three slides")
    func pausedExperiment() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            for _ in 0..<8 {
                var browser = FunnelBrowser(client)
                let page = try await browser.open("/flows/tanda")
                #expect(page.text.components(separatedBy: "<li class=\"dot").count - 1 == 3)
                try await browser.submit("tanda", press: "next")
                #expect(browser.screen == "slide2")
            }
        }
    }

    @Test("Each browser walks its own variant of TANDA's carousel, keeps it, and its events say which")
    func experiment() async throws {
        let flows = try StartedExperiments.directory()
        let server = try await TestServer.make { $0.flowsDirectory = flows }
        try await server.test { client in
            var seen: [String: Int] = [:]
            for _ in 0..<16 where seen.count < 2 {
                var browser = FunnelBrowser(client)
                let page = try await browser.open("/flows/tanda")
                let dots = page.text.components(separatedBy: "<li class=\"dot").count - 1
                try await browser.submit("tanda", press: "next")
                let expected = dots == 2 ? "slide3" : "slide2"
                #expect(browser.screen == expected, "\(dots) dots lead to \(expected)")
                try await browser.open("/flows/tanda")
                try await browser.submit("tanda", press: "previous")
                try await browser.submit("tanda", press: "next")
                #expect(browser.screen == expected, "the same variant on every visit")
                seen[expected, default: 0] += 1
            }
            #expect(seen.count == 2, "sixteen browsers meet both variants: \(seen)")
            let events = try await server.storage.read {
                try await $0.events(flowID: "tanda", from: .distantPast, to: .distantFuture)
            }
            for (install, walk) in Dictionary(grouping: events, by: \.installID) {
                let variants = Set(walk.map(\.variant))
                #expect(variants.count == 1, "\(install) walked one variant")
                let sawSlide2 = walk.contains { $0.screen == "slide2" }
                #expect(variants.first == (sawSlide2 ? "threeSlides" : "twoSlides"))
            }
            let analytics = AnalyticsService(
                storage: server.storage, catalog: try .bundled(overriddenBy: URL(fileURLWithPath: flows)),
                context: ServiceContext(clock: server.clock, random: SecureRandomSource()))
            let report = try await analytics.funnel(flowID: "tanda", version: nil, variant: nil)
            #expect(Set(report.variants.map(\.variant)) == ["threeSlides", "twoSlides"])

            var optedOut = FunnelBrowser(client)
            optedOut.extraHeaders = [HTTPField.Name("DNT")!: "1"]
            try await optedOut.open("/flows/tanda")
            try await optedOut.submit("tanda", press: "next")
            #expect(optedOut.screen == "slide2", "a browser that asks not to be tracked walks the control")
        }
    }

    @Test("Hostile answers are escaped wherever they show")
    func escaping() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/trainer")
            for (action, next) in [("continue", "introNarration"), ("skip", "introCTA"), ("getStarted", "name")] {
                let response = try await browser.submit("trainer", press: action)
                #expect(browser.screen == next, "\(response.status)")
            }
            let hostile = #"<script>alert("x")</script>"#
            let refused = try await browser.submit("trainer", [("name", hostile)], press: "next")
            #expect(browser.screen == "name", "a name with markup is not a name")
            #expect(!refused.text.contains("<script>alert"))
            #expect(refused.text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))

            try await browser.submit("trainer", [("name", "Sam")], press: "next")
            try await browser.submit("trainer", press: "next")
            try await browser.submit("trainer", [("gender", "Female")], press: "next")
            #expect(browser.screen == "goals")
            try await browser.submit("trainer", [("goals", hostile)], press: "next")
            #expect(browser.screen == "timeline", "free text may hold anything")
            let back = try await browser.submit("trainer", press: "back")
            #expect(browser.screen == "goals")
            #expect(!back.text.contains("<script>alert"))
            #expect(back.text.contains(">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</textarea>"))
        }
    }

    @Test(
        "A form from an earlier screen of the walk (the browser's Back) acts on that screen, as Back then the button would"
    )
    func staleForm() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            let slideForm = browser
            try await browser.submit("tanda", press: "getStarted")
            #expect(browser.screen == "createAccount")
            var replay = slideForm
            replay.cookie = browser.cookie
            try await replay.submit("tanda", press: "next")
            #expect(replay.screen == "slide2", "the kept slide's Next went back to the slides and moved on")
            // A screen the walk never passed through is not reached by an address that names it.
            try await replay.open("/flows/tanda?at=home")
            #expect(replay.screen == "slide2")
            try await replay.open("/flows/tanda?at=slide1")
            #expect(replay.screen == "slide1", "the browser's Back to the first slide")
        }
    }

    @Test("Bodies that are not forms get a page, not a crash")
    func badBodies() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            let json = try await client.send(
                .post, "/flows/tanda", body: "{}", contentType: "application/json",
                headers: [.cookie: browser.cookie ?? ""])
            #expect(json.status == 415)
            let broken = try await client.send(
                .post, "/flows/tanda", body: "_csrf=%zz", contentType: "application/x-www-form-urlencoded",
                headers: [.cookie: browser.cookie ?? ""])
            #expect(broken.status == 400)
            let noBoundary = try await client.send(
                .post, "/flows/tanda", body: "x", contentType: "multipart/form-data",
                headers: [.cookie: browser.cookie ?? ""])
            #expect(noBoundary.status == 400)
            let unterminated = try await client.send(
                .post, "/flows/tanda",
                body: "--b\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nx@example.com",
                contentType: "multipart/form-data; boundary=b",
                headers: [.cookie: browser.cookie ?? ""])
            #expect(unterminated.status == 400)
            let huge = try await client.send(
                .post, "/flows/tanda", body: "email=" + String(repeating: "a", count: 6 * 1_024 * 1_024),
                contentType: "application/x-www-form-urlencoded", headers: [.cookie: browser.cookie ?? ""])
            #expect(huge.status == 413)
            try await browser.open("/flows/tanda")
            #expect(browser.screen == "slide1", "nothing saved was lost")
            #expect(try await client.get("/flows/nope").status == 404)
            #expect(try await client.get("/flows/nope/theme.css").status == 404)
        }
    }

    @Test("Signing up on the web leaves progress an app signed in to the same account resumes")
    func webToApp() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var browser = FunnelBrowser(client)
            try await browser.open("/flows/tanda")
            try await browser.submit("tanda", press: "getStarted")
            try await browser.submit("tanda", [("email", "web@example.com")], press: "continue")
            #expect(browser.screen == "verifyEmail")
            let webCode = try #require(await server.latestCode(to: "web@example.com"))
            try await browser.submit("tanda", [("code", webCode)], press: "verify")
            #expect(browser.screen == "celebration")

            server.clock.advance(by: 61)
            #expect(
                try await client.post("/v1/auth/code", ["email": "web@example.com", "purpose": "login"]).status == 202)
            let appCode = try #require(await server.latestCode(to: "web@example.com"))
            let session = try await client.post(
                "/v1/auth/code/verify", ["email": "web@example.com", "code": appCode, "purpose": "login"])
            let token = try #require(session.json["accessToken"] as? String)
            let progress = try await client.get("/v1/me/flows/tanda/progress", bearer: token)
            #expect(progress.status == 200)
            let snapshot = progress.json["snapshot"] as? [String: Any]
            #expect(snapshot?["screen"] as? String == "celebration")
        }
    }

    @Test("A log-in without Remember me ends when the browser closes; with it, the browser stays signed in")
    func rememberMe() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            _ = try await client.signUpWithPassword("dana@example.com", password: "Shield-Up-2026!")
            for remember in [false, true] {
                var browser = FunnelBrowser(client)
                try await browser.open("/flows/kordant")
                #expect(browser.page?.text.contains(#"name="rememberMe" value="on" checked"#) == true)
                var fields = [("email", "dana@example.com"), ("loginPassword", "Shield-Up-2026!")]
                if remember { fields.append(("rememberMe", "on")) }
                try await browser.submit("kordant", fields, press: "signIn")
                #expect(browser.screen == "plan", "a browser is not offered Face ID")
                #expect((browser.cookies["doorstep_signin"] != nil) == !remember)
                try await browser.open("/flows/kordant")
                #expect(browser.screen == "plan", "still signed in while the browser is open")

                browser.closeAndReopen(keeping: ["doorstep_funnel"])
                try await browser.open("/flows/kordant")
                #expect(browser.screen == (remember ? "plan" : "login"))
            }
        }
    }

    @Test("The theme becomes a stylesheet of tokens")
    func theme() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            let css = try await client.get("/flows/tanda/theme.css")
            #expect(css.status == 200)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.text.contains("--c-accent:#8452F5;"), "purple.500 darkened to read white words at AA")
            #expect(css.text.contains("--c-link:#A079F8;"), "purple.500 lightened to read as text at AA")
            #expect(css.text.contains("--radius-md:12px;"))
            #expect(css.text.contains(".type-display-m{font-size:1.75rem;font-weight:700;}"))
            let aurora = try await client.get("/flows/familysync/theme.css")
            #expect(aurora.text.contains("body.bg-calmSync .aurora span:nth-child(1){background:#A5B4FC;"))
            // FamilySync follows the device: light by day, its dark colours and deeper orbs at night.
            #expect(aurora.text.contains(":root{color-scheme:light dark;--c-accent:#0F172A;--c-background:#F8FAFC;"))
            #expect(aurora.text.contains("@media (prefers-color-scheme:dark){:root{--c-accent:#F8FAFC;"))
            #expect(aurora.text.contains("body.bg-calmSync .aurora span:nth-child(1){background:#312E81}"))
            #expect(!css.text.contains("prefers-color-scheme"), "TANDA is dark only")
            #expect(css.text.contains(":root{color-scheme:dark;"))
            #expect(try await client.get("/funnel/funnel.js").status == 200)
            #expect(try await client.get("/funnel/funnel.css").status == 200)
        }
    }
}

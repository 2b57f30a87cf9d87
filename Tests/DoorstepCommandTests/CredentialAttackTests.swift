import DoorstepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attacks on an account's credentials where two features meet, each played against a real
/// `doorstep serve` as an attacker would, beside the owner's path that must keep working. Codes of the
/// authenticator app come from pyotp, an independent RFC 6238 implementation.
@Suite("Attacks on credentials at the seams, against a real server", .serialized)
struct CredentialAttackTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    func signInWithCode(_ http: HTTP, base: URL, email: String, purpose: String = "login") async throws -> (
        status: Int, json: Any?
    ) {
        #expect(try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": purpose]).status == 202)
        let code = try await latestCode(to: email, servers: [base])
        return try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": purpose])
    }

    /// Turns the authenticator app on for the account of `token`; returns its secret and recovery codes.
    func enrol(_ http: HTTP, token: String) async throws -> (secret: String, recovery: [String]) {
        let begun = try #require(try await http.send("POST", "v1/me/mfa/totp", bearer: token).json as? [String: Any])
        let secret = try #require(begun["secret"] as? String)
        let code = try await ReferenceImplementations.code(secret: secret, at: Date())
        #expect(
            try await http.send("POST", "v1/me/mfa/totp/confirm", json: ["code": code], bearer: token).status == 204)
        return (secret, try #require(begun["recoveryCodes"] as? [String]))
    }

    @Test("A squatter's authenticator cannot outlive the owner's proof of the address, nor be set on it")
    func squattersSecondFactor() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let victim = "owner@example.com"
        let squatter = try #require(
            try await http.send("POST", "v1/auth/signup", json: ["email": victim, "password": "Squatter-Owns-2026"])
                .json as? [String: Any])
        let squatterToken = try #require(squatter["accessToken"] as? String)
        // The attack: an authenticator enrolled on an address nobody proved.
        let refused = try await http.send("POST", "v1/me/mfa/totp", bearer: squatterToken)
        #expect(refused.status == 403)
        #expect((refused.json as? [String: Any])?["code"] as? String == "email_not_verified")

        // The owner proves the address with a code and is signed in, no second factor in the way.
        let owner = try await signInWithCode(http, base: base, email: victim)
        #expect(owner.status == 200, "\(String(describing: owner.json))")
        let ownerToken = try #require((owner.json as? [String: Any])?["accessToken"] as? String)
        #expect(try await http.send("GET", "v1/me", bearer: squatterToken).status == 401)
        // The owner may now add their own authenticator, and it works.
        let (secret, recovery) = try await enrol(http, token: ownerToken)
        #expect(recovery.count == 10)
        #expect(!secret.isEmpty)
    }

    @Test("An authenticator and recovery codes set before the address was proven end when its owner proves it")
    func secondFactorEndsWithUnprovenCredentials() async throws {
        // The rule, played on an account that holds every kind of credential before a proof: a sign-up by
        // password, an app-made session, then the address proven by a reset code from the mailbox.
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "kim@example.com"
        let signedUp = try await signInWithCode(http, base: base, email: email, purpose: "signup")
        let token = try #require((signedUp.json as? [String: Any])?["accessToken"] as? String)
        let (_, recovery) = try await enrol(http, token: token)
        #expect(try await http.send("POST", "v1/auth/password/forgot", json: ["email": email]).status == 202)
        let code = try await latestCode(to: email, servers: [base])
        let reset = try await http.send(
            "POST", "v1/auth/password/reset", json: ["email": email, "code": code, "newPassword": "Fresh-Start-2026"])
        // A proven address keeps its authenticator: the reset asks for it, and the audit log has the reset.
        #expect((reset.json as? [String: Any])?["code"] as? String == "mfa_required")
        let challenge = try #require((reset.json as? [String: Any])?["mfaChallenge"] as? String)
        #expect(try await server.waitForLog(containing: "password_reset"))
        let done = try await http.send("POST", "v1/auth/mfa", json: ["challenge": challenge, "code": recovery[0]])
        #expect(done.status == 200)
    }

    @Test("Re-authentication asks for the authenticator too: a stolen session and password add no passkey")
    func reauthenticationNeedsTheSecondFactor() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "pat@example.com"
        let signedUp = try await signInWithCode(http, base: base, email: email, purpose: "signup")
        let token = try #require((signedUp.json as? [String: Any])?["accessToken"] as? String)
        let (secret, _) = try await enrol(http, token: token)
        #expect(
            try await http.send("PUT", "v1/auth/password", json: ["newPassword": "Sunny-Days-2026"], bearer: token)
                .status == 204)

        // The attacker holds the session (stolen) and the password (leaked).
        let passwordOnly = try await http.send(
            "POST", "v1/auth/reauthenticate", json: ["password": "Sunny-Days-2026"], bearer: token)
        #expect(passwordOnly.status == 403)
        #expect((passwordOnly.json as? [String: Any])?["code"] as? String == "mfa_code_required")
        let wrongApp = try await http.send(
            "POST", "v1/auth/reauthenticate", json: ["password": "Sunny-Days-2026", "mfaCode": "000000"],
            bearer: token)
        #expect(wrongApp.status == 422)

        // The owner, with the app: confirmed.
        let code = try await ReferenceImplementations.code(secret: secret, at: Date().addingTimeInterval(30))
        let owner = try await http.send(
            "POST", "v1/auth/reauthenticate", json: ["password": "Sunny-Days-2026", "mfaCode": code], bearer: token)
        #expect(owner.status == 204, "\(String(describing: owner.json))")
    }

    @Test("The current password of a password change cannot be guessed without limit")
    func currentPasswordGuessing() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let email = "lee@example.com"
        #expect(
            try await http.send("POST", "v1/auth/signup", json: ["email": email, "password": "Right-Horse-2026"])
                .status == 201)
        // A session an attacker holds: a log-in made after the sign-up, so the current password is asked.
        let session = try await http.send(
            "POST", "v1/auth/login", json: ["email": email, "password": "Right-Horse-2026"])
        let token = try #require((session.json as? [String: Any])?["accessToken"] as? String)
        var statuses: [Int] = []
        for guess in 0..<8 {
            statuses.append(
                try await http.send(
                    "PUT", "v1/auth/password",
                    json: ["newPassword": "Taken-Over-2026", "currentPassword": "guess-\(guess)-2026"], bearer: token
                ).status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 401 }, "\(statuses)")
        #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 }, "the guessing stops: \(statuses)")
        // The right password after the guesses is refused too, as a log-in would be.
        let right = try await http.send(
            "PUT", "v1/auth/password",
            json: ["newPassword": "Taken-Over-2026", "currentPassword": "Right-Horse-2026"], bearer: token)
        #expect(right.status == 429)
        #expect(try await server.waitForLog(containing: "current_password"))
    }

    @Test("--identify off: identify and an email change answer alike for every address, the owner is told")
    func identifyOff() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off", "--identify", "off"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        #expect(
            try await http.send(
                "POST", "v1/auth/signup", json: ["email": "taken@example.com", "password": "Quiet-Owl-2026"]
            )
            .status == 201)
        let known = try await http.send("POST", "v1/auth/identify", json: ["email": "taken@example.com"])
        let unknown = try await http.send("POST", "v1/auth/identify", json: ["email": "nobody@example.com"])
        #expect(known.status == unknown.status)
        #expect(
            (known.json as? [String: Any])?["code"] as? String == (unknown.json as? [String: Any])?["code"] as? String)
        #expect(
            (known.json as? [String: Any])?["detail"] as? String == (unknown.json as? [String: Any])?["detail"]
                as? String)

        // The second oracle: moving another account to a taken address answers as a free one would.
        let mover = try await signInWithCode(http, base: base, email: "mover@example.com", purpose: "signup")
        let token = try #require((mover.json as? [String: Any])?["accessToken"] as? String)
        let toTaken = try await http.send("POST", "v1/me/email", json: ["email": "taken@example.com"], bearer: token)
        let toFree = try await http.send("POST", "v1/me/email", json: ["email": "free@example.com"], bearer: token)
        #expect(toTaken.status == 202 && toFree.status == 202)
        // The owner of the taken address hears of it, with no code; the free address gets its code.
        let note = try await firstMail(to: "taken@example.com", subjectContaining: "tried to use your", base: base)
        #expect(note["code"] == nil)
        #expect(!(try await latestCode(to: "free@example.com", servers: [base])).isEmpty)
        // Guessing a code for the taken address changes nothing.
        let guess = try await http.send("POST", "v1/me/email/verify", json: ["code": "123456"], bearer: token)
        #expect(guess.status == 422 || guess.status == 409)
    }

    /// The first mail to `address` whose subject has `text`, waited for as the outbox delivers it.
    func firstMail(to address: String, subjectContaining text: String, base: URL) async throws -> [String: Any] {
        var components = URLComponents(
            url: base.appendingPathComponent("dev/mail.json"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "to", value: address)]
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let (data, _) = try await URLSession.shared.data(from: components.url!)
            let mail = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
            if let found = mail.first(where: { ($0["subject"] as? String)?.contains(text) == true }) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw MailboxError.noMail(address)
    }

    @Test("The funnel mails no more codes per client than POST /v1/auth/code allows, and shares its count")
    func oneMailLimiter() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--mail-budget-per-hour", "0"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let browser = RawBrowser(base: base)
        // The attack: the code screen, then "start over", with a new address each time, as fast as it goes.
        var page = try await browser.get("flows/tanda")
        page = try await browser.post("flows/tanda", form: page, ["_screen": "slide1", "_action": "getStarted"])
        var sent = 0
        var refusedInWords = false
        for index in 0..<14 {
            let screen = try #require(RawBrowser.capture(#"name="_screen" value="([^"]*)""#, in: page))
            let banner = PageText.capture(#"role="alert"[^>]*>([^<]*)<"#, in: page) ?? ""
            try #require(screen == "createAccount", "round \(index) is on \(screen): \(banner)")
            page = try await browser.post(
                "flows/tanda", form: page,
                ["_screen": screen, "_action": "continue", "email": "flood\(index)@example.net"])
            // Refused, the person lands where a code already sent works, and is told no new one can go yet.
            if page.contains("send another code yet") {
                refusedInWords = true
            } else {
                sent += 1
                page = try await browser.post("flows/tanda/restart", form: page, [:])
                page = try await browser.post(
                    "flows/tanda", form: page, ["_screen": "slide1", "_action": "getStarted"])
            }
            if refusedInWords { break }
        }
        #expect(sent == 10, "codes mailed through the funnel from one client: \(sent)")
        #expect(refusedInWords, "the page says why")
        // The API counts the same codes: the eleventh of this client's minute is refused there too.
        let http = HTTP(base: base)
        let api = try await http.send("POST", "v1/auth/code", json: ["email": "api@example.net", "purpose": "signup"])
        #expect(api.status == 429)
    }
}

extension CredentialAttackTests {
    @Test("Fifteen requests from a stranger no longer lock an owner out: their own password and a fresh code work")
    func lockOutsCannotBeAimed() async throws {
        // Behind a trusted proxy, so the test can be two clients on one machine.
        let server = try ServerProcess(
            runner: doorstep, arguments: ["--trusted-proxy", "127.0.0.0/8", "--mail-budget-per-hour", "0"])
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        let attacker = ["X-Forwarded-For": "203.0.113.66"]
        let owner = ["X-Forwarded-For": "198.51.100.7"]
        let email = "victim@example.com"
        #expect(
            try await http.send(
                "POST", "v1/auth/signup", json: ["email": email, "password": "Owner-Knows-2026"], headers: owner
            ).status == 201)

        // The attack of the issue: 10 wrong codes (no code even issued) and 5 wrong passwords.
        for _ in 0..<10 {
            let wrong = try await http.send(
                "POST", "v1/auth/code/verify", json: ["email": email, "code": "000000", "purpose": "login"],
                headers: attacker)
            #expect(wrong.status == 422)
        }
        for guess in 0..<5 {
            let wrong = try await http.send(
                "POST", "v1/auth/login", json: ["email": email, "password": "Guess-\(guess)-2026"], headers: attacker)
            #expect(wrong.status == 401)
        }
        // The attacker is stopped, even with the right password.
        let stopped = try await http.send(
            "POST", "v1/auth/login", json: ["email": email, "password": "Owner-Knows-2026"], headers: attacker)
        #expect(stopped.status == 429)
        // The owner is not: their password, and a code, from their own network.
        let logIn = try await http.send(
            "POST", "v1/auth/login", json: ["email": email, "password": "Owner-Knows-2026"], headers: owner)
        #expect(logIn.status == 200)
        #expect(
            try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": "login"], headers: owner)
                .status == 202)
        let code = try await latestCode(to: email, servers: [base])
        let signedIn = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": "login"], headers: owner)
        #expect(signedIn.status == 200)

        // The attacker's own client stays stopped for codes too, even the right one.
        let attackerCode = try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": "login"], headers: attacker)
        #expect(attackerCode.status == 429, "the attacker's client spent its budget for this address")
    }
}

extension CredentialAttackTests {
    @Test("One client cannot mint stored browser sessions without end: the 101st of an hour is refused in words")
    func browserSessionsPerClientBounded() async throws {
        let server = try ServerProcess(runner: doorstep)
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        var statuses: [Int] = []
        var refusal = ""
        for _ in 0..<101 {
            // A new cookie each time, and the first form that stores it.
            let browser = RawBrowser(base: base)
            let page = try await browser.get("flows/tanda")
            let (status, answer) = try await browser.postStatus(
                "flows/tanda", form: page, ["_screen": "slide1", "_action": "next"])
            statuses.append(status)
            refusal = answer
        }
        #expect(statuses.prefix(100).allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(statuses.last == 429)
        #expect(refusal.contains("Too many requests"))
    }
}

extension CredentialAttackTests {
    @Test("Five 4 MB answers to a funnel screen are refused in words and the database on disk does not grow")
    func megabyteAnswersKeepNothing() async throws {
        let server = try ServerProcess(runner: doorstep)
        defer { server.terminate() }
        let base = try await server.waitUntilListening()
        let browser = RawBrowser(base: base)
        var page = try await browser.get("flows/tanda")
        page = try await browser.post("flows/tanda", form: page, ["_screen": "slide1", "_action": "getStarted"])
        let screen = try #require(RawBrowser.capture(#"name="_screen" value="([^"]*)""#, in: page))
        func bytesOnDisk() -> Int {
            ["", "-wal", "-shm"].reduce(0) { total, suffix in
                let attributes = try? FileManager.default.attributesOfItem(atPath: server.database + suffix)
                return total + ((attributes?[.size] as? Int) ?? 0)
            }
        }
        let before = bytesOnDisk()
        // Written once as a form body: percent-encoding 4 MB five times would hold a thread of the
        // shared test pool for most of a minute in a debug build.
        let csrf = RawBrowser.capture(#"name="_csrf" value="([^"]*)""#, in: page) ?? ""
        let huge =
            RawBrowser.formBody(["_csrf": csrf, "_screen": screen, "_action": "continue"])
            + Data("&email=".utf8) + Data(repeating: UInt8(ascii: "a"), count: 4 * 1024 * 1024)
            + Data("%40example.com".utf8)
        for _ in 0..<5 {
            let (status, answer) = try await browser.postBody("flows/tanda", huge)
            #expect(status == 413)
            #expect(answer.contains("An answer is longer than this screen accepts"))
        }
        // A WAL page or two may move; 20 MB may not.
        #expect(bytesOnDisk() - before < 256 * 1024, "before \(before), after \(bytesOnDisk())")
        page = try await browser.get("flows/tanda")
        page = try await browser.post(
            "flows/tanda", form: page, ["_screen": screen, "_action": "continue", "email": "kept@example.com"])
        #expect(RawBrowser.capture(#"name="_screen" value="([^"]*)""#, in: page) != screen, "a real answer moves on")
    }
}

/// A browser of the funnel over real HTTP: keeps its cookies, follows redirects, sends each form with
/// the CSRF token of the page it came from.
final class RawBrowser: @unchecked Sendable {
    let base: URL
    let session: URLSession

    init(base: URL) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .always
        session = URLSession(configuration: configuration)
    }

    /// A URLSession holds threads of its own until it is invalidated: a test that opens a hundred
    /// browsers must not leave a hundred behind.
    deinit {
        session.finishTasksAndInvalidate()
    }

    func get(_ path: String) async throws -> String {
        let (data, _) = try await session.data(from: base.appendingPathComponent(path))
        return String(decoding: data, as: UTF8.self)
    }

    /// Posts `fields` with the CSRF token of `page` to `path`; returns the page it leads to.
    func post(_ path: String, form page: String, _ fields: [String: String]) async throws -> String {
        try await postStatus(path, form: page, fields).1
    }

    /// ``post(_:form:_:)`` with the status of the page it leads to.
    func postStatus(_ path: String, form page: String, _ fields: [String: String]) async throws -> (Int, String) {
        var all = fields
        all["_csrf"] = Self.capture(#"name="_csrf" value="([^"]*)""#, in: page) ?? ""
        return try await postBody(path, Self.formBody(all))
    }

    /// Posts a form body written already; returns the status and text of the page it leads to.
    func postBody(_ path: String, _ body: Data) async throws -> (Int, String) {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    static func formBody(_ fields: [String: String]) -> Data {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return Data(
            fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
                .joined(separator: "&").utf8)
    }

    static func capture(_ pattern: String, in text: String) -> String? {
        PageText.capture(pattern, in: text)
    }
}

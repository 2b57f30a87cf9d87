import DoorstepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `doorstep serve` delivering over SMTP to a real server (aiosmtpd) on loopback, through outages,
/// refusals and a kill -9. These wait in real time: the retries they watch are real.
@Suite("Mail over SMTP from a live server")
struct MailDeliveryTests {
    let doorstep: CommandRunner

    init() throws {
        doorstep = try CommandRunner()
    }

    func serve(smtpPort: Int, options: String = "?starttls=off", user: String = "", database: String? = nil) throws
        -> ServerProcess
    {
        try ServerProcess(
            runner: doorstep, database: database,
            arguments: [
                "--no-dev-mailbox", "--smtp-url", "smtp://\(user)127.0.0.1:\(smtpPort)\(options)",
                "--mail-from", "TANDA <no-reply@example.com>", "--rate-limits", "off", "--retry-delay", "0.5",
            ])
    }

    /// Waits for the peer to hold `count` messages.
    func waitForMail(_ peer: SMTPPeer, count: Int = 1, within seconds: Double) async throws -> [SMTPPeer.Received] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let received = try peer.received()
            if received.count >= count { return received }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try peer.received()
    }

    /// The code a mail's subject leads with.
    static func code(_ mail: SMTPPeer.Received?) -> String {
        String(mail?.subject.prefix(6) ?? "")
    }

    func requestCode(_ http: HTTP, _ email: String) async throws {
        let sent = try await http.send("POST", "v1/auth/code", json: ["email": email, "purpose": "signup"])
        #expect(sent.status == 202)
    }

    func verify(_ http: HTTP, _ email: String, _ code: String) async throws -> Int {
        try await http.send(
            "POST", "v1/auth/code/verify", json: ["email": email, "code": code, "purpose": "signup"]
        ).status
    }

    @Test("A sign-up code goes out over SMTP in the app's name and verifies; /dev/mail is off")
    func delivers() async throws {
        let peer = try await SMTPPeer()
        let server = try serve(smtpPort: peer.port)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        try await requestCode(http, "sam@example.com")
        let mail = try #require(try await waitForMail(peer, within: 60).first)
        #expect(mail.subject.range(of: #"^[0-9]{6} is your TANDA code$"#, options: .regularExpression) != nil)
        #expect(mail.from == "TANDA <no-reply@example.com>" && mail.rcptTo == ["sam@example.com"])
        #expect(mail.html?.contains(Self.code(mail)) == true && mail.text?.contains(Self.code(mail)) == true)
        #expect(try await verify(http, "sam@example.com", Self.code(mail)) == 200)
        #expect(try await http.send("GET", "dev/mail.json").status == 404)
        #expect(!server.log.contains(Self.code(mail)), "the code is in no log line")
    }

    @Test("A code is mailed in the language the app asked in; an account's mail in the language it signed up in")
    func mailInTheReadersLanguage() async throws {
        let peer = try await SMTPPeer()
        let server = try serve(smtpPort: peer.port)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        let spanish = try await http.send(
            "POST", "v1/auth/code", json: ["email": "lucia@example.com", "purpose": "signup"],
            headers: ["Accept-Language": "es-MX,es;q=0.9,en;q=0.5"])
        #expect(spanish.status == 202)
        let code = try #require(try await waitForMail(peer, within: 60).first)
        #expect(code.subject == "\(Self.code(code)) es tu código de TANDA", "the subject in Spanish, the code first")
        #expect(code.text?.contains("Caduca en 10 minutos") == true, "\(code.text ?? "")")
        #expect(code.html?.contains("<html lang=\"es\" dir=\"ltr\">") == true)

        let signUp = try await http.send(
            "POST", "v1/auth/signup", json: ["email": "layla@example.com", "password": "Shield-Up-2026!"],
            headers: ["Accept-Language": "ar"])
        #expect(signUp.status == 201)
        let verify = try #require(try await waitForMail(peer, count: 2, within: 60).last)
        #expect(verify.rcptTo == ["layla@example.com"])
        #expect(verify.html?.contains("<html lang=\"ar\" dir=\"rtl\">") == true, "Arabic, right to left")
        // Asked for later without any language, the reset code follows the account's.
        #expect(
            try await http.send("POST", "v1/auth/password/forgot", json: ["email": "layla@example.com"]).status == 202)
        let reset = try #require(try await waitForMail(peer, count: 3, within: 60).last)
        #expect(reset.rcptTo == ["layla@example.com"])
        #expect(reset.html?.contains("<html lang=\"ar\" dir=\"rtl\">") == true, "the account's language")
        #expect(reset.subject.hasPrefix(Self.code(reset)) && !reset.subject.contains("password"), "\(reset.subject)")
    }

    @Test("421 once: the mail is retried within seconds and arrives once")
    func temporaryRefusal() async throws {
        let peer = try await SMTPPeer(["--fail-first", "1"])
        let server = try serve(smtpPort: peer.port)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        try await requestCode(http, "kim@example.com")
        let received = try await waitForMail(peer, within: 60)
        #expect(received.count == 1)
        #expect(try await http.waitUntilSettled("outbox"))
        #expect(try peer.received().count == 1, "delivered once")
        #expect(try await server.waitForLog(containing: "will be tried again"))
    }

    @Test(
        "The mail server is down when the code is asked for and through two retries: back, the mail arrives and verifies"
    )
    func outage() async throws {
        let down = try ReservedPort()
        let port = down.port
        let server = try serve(smtpPort: port)
        defer { server.terminate() }
        let http = HTTP(base: try await server.waitUntilListening())
        try await requestCode(http, "lee@example.com")
        #expect(try await server.waitForLog(containing: "will be tried again", times: 2), "two attempts failed")
        down.release()
        let peer = try await SMTPPeer(port: port)
        // Retries wait 0.5, 1, 2, 4, 8, 16, 32 s: a peer that came up just after an attempt (its Python
        // starts slowly on a loaded machine) is reached by the next, which may be 32 s away. A ceiling,
        // not a timing: the test goes on as soon as the mail is there.
        let mail = try #require(try await waitForMail(peer, within: 120).first)
        #expect(
            try await verify(http, "lee@example.com", Self.code(mail)) == 200, "its life counts from when it was made")
        #expect(try peer.received().count == 1)
    }

    @Test("A server killed with -9 while mail waits sends it after restart")
    func killed() async throws {
        let down = try ReservedPort()
        let port = down.port
        let first = try serve(smtpPort: port)
        let http = HTTP(base: try await first.waitUntilListening())
        try await requestCode(http, "ana@example.com")
        // The line is written once the failed attempt is recorded: the mail waits in the outbox.
        #expect(try await first.waitForLog(containing: "will be tried again"))
        await first.kill()

        down.release()
        let peer = try await SMTPPeer(port: port)
        let second = try serve(smtpPort: port, database: first.database)
        defer { second.terminate() }
        let again = HTTP(base: try await second.waitUntilListening())
        // A ceiling, not a timing: on a starved machine the first server may have failed several more
        // attempts before the kill (the next then waits up to a minute), or been killed during one
        // (the mail is then held for the two-minute lease). The test goes on as soon as the mail is there.
        let mail = try #require(
            try await waitForMail(peer, within: 240).first,
            "the first server said:\n\(first.log.suffix(1_500))\nthe restarted one:\n\(second.log.suffix(3_000))")
        #expect(mail.rcptTo == ["ana@example.com"])
        #expect(try await verify(again, "ana@example.com", Self.code(mail)) == 200)
    }

    @Test("A 550 for a recipient is recorded once and not retried; wrong credentials are logged without the password")
    func permanentFailures() async throws {
        let peer = try await SMTPPeer(["--auth", "mailer:Right-Pass-1"])
        let rightCredentials = try serve(smtpPort: peer.port, user: "mailer:Right-Pass-1@")
        defer { rightCredentials.terminate() }
        let http = HTTP(base: try await rightCredentials.waitUntilListening())
        try await requestCode(http, "reject@example.com")
        #expect(try await rightCredentials.waitForLog(containing: "was given up"))
        #expect(try await http.waitUntilSettled("outbox"), "nothing waits for another attempt")
        let refusals = rightCredentials.log.components(separatedBy: "was given up").count - 1
        #expect(refusals == 1)
        #expect(try await rightCredentials.waitForLog(containing: "550"))
        #expect(!rightCredentials.log.contains("will be tried again"))

        let wrongCredentials = try serve(smtpPort: peer.port, user: "mailer:Wrong-Pass-99@")
        defer { wrongCredentials.terminate() }
        let other = HTTP(base: try await wrongCredentials.waitUntilListening())
        try await requestCode(other, "sam@example.com")
        #expect(try await wrongCredentials.waitForLog(containing: "535"))
        #expect(!wrongCredentials.log.contains("Wrong-Pass-99"), "no password in any log line")
        #expect(try peer.received().isEmpty)
    }

    @Test("Mail that would go nowhere, and an SMTP URL that cannot be used, are refused in one line")
    func refusals() async throws {
        let nowhere = try await doorstep.run("serve", "--no-dev-mailbox", "--port", "0")
        #expect(nowhere.status != 0)
        #expect(nowhere.standardError.contains("Mail would go nowhere"))
        let badURL = try await doorstep.run("serve", "--smtp-url", "ftp://user:Secret-77@host", "--port", "0")
        #expect(badURL.status != 0)
        #expect(badURL.standardError.contains("SMTP URL") && !badURL.standardError.contains("Secret-77"))
        let badSender = try await doorstep.run("serve", "--mail-from", "TANDA <nope>", "--port", "0")
        #expect(badSender.status != 0)
        let both = try await doorstep.run("serve", "--mail", "none", "--smtp-url", "smtp://127.0.0.1:1", "--port", "0")
        #expect(both.status != 0)
    }
}

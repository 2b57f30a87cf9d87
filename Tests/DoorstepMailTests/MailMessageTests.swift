import Foundation
import Testing

@testable import DoorstepMail

@Suite("Mail messages as RFC 5322 text")
struct MailMessageTests {
    let message = MailMessage(
        from: MailAddress("no-reply@example.com", name: "Équipe TANDA"), to: MailAddress("sam@example.com"),
        subject: "Ton code TANDA : 483920 — valable dix minutes, à saisir dans l'application avant qu'il expire",
        text: String(repeating: "é", count: 100) + "\n.hidden\nend", html: nil, messageID: "x@example.com",
        date: Date(timeIntervalSince1970: 1_790_000_000))

    @Test("Non-ASCII subjects and names become encoded words; no line passes 76 characters")
    func encoding() {
        let text = message.rendered(boundary: "b")
        #expect(text.contains("From: =?UTF-8?B?"))
        #expect(text.contains("Subject: =?UTF-8?B?"))
        #expect(text.contains("Content-Transfer-Encoding: quoted-printable"))
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 76, "\(line)") }
        #expect(text.contains("\r\n=2Ehidden\r\n"), "a dot that starts a line is encoded")
        #expect(!text.contains("\n.") || text.contains("\r\n=2E"))
    }

    @Test("A subject or name with a line break cannot add a header")
    func headerInjection() {
        var hostile = message
        hostile.subject = "Hi\r\nBcc: everyone@example.com"
        let text = hostile.rendered(boundary: "b")
        #expect(!text.contains("\r\nBcc:"))
        #expect(MailAddress(parsing: "Sam <sam@example.com>\r\nBcc: x@example.com") == nil)
        #expect(
            MailAddress(parsing: "TANDA <no-reply@example.com>") == MailAddress("no-reply@example.com", name: "TANDA"))
        #expect(
            MailAddress(parsing: "\"Smith, Sam\" <sam@example.com>")?.description == "\"Smith, Sam\" <sam@example.com>")
        #expect(MailAddress(parsing: "not an address") == nil)
    }

    @Test("A line of the data that starts with a dot is doubled")
    func dotStuffing() {
        #expect(SMTPClient.dotStuffed(".a\r\nb\r\n.c\r\n") == "..a\r\nb\r\n..c\r\n")
    }

    @Test("SMTP URLs: security from the scheme and starttls, port defaults, credentials, and clear refusals")
    func urls() throws {
        let submission = try SMTPConfiguration(
            url: "smtp://ann%40example.com:p%40ss@mail.example.com?starttls=required")
        #expect(submission.port == 587 && submission.security == .startTLS(required: true))
        #expect(submission.credentials?.user == "ann@example.com" && submission.credentials?.password == "p@ss")
        #expect(submission.redacted == "smtp://ann@example.com:***@mail.example.com:587")
        #expect(try SMTPConfiguration(url: "smtps://mail.example.com").port == 465)
        #expect(try SMTPConfiguration(url: "smtp://127.0.0.1:2525?starttls=off").security == .none)
        #expect(try SMTPConfiguration(url: "smtp://relay:25").security == .startTLS(required: false))
        for bad in [
            "http://mail.example.com", "smtp://", "smtp://host?starttls=maybe", "smtps://h?starttls=off", "nonsense",
        ] {
            #expect(throws: SMTPConfigurationError.self, "\(bad)") { try SMTPConfiguration(url: bad) }
        }
        do {
            _ = try SMTPConfiguration(url: "ftp://user:Secret-123@host")
        } catch {
            #expect(!error.description.contains("Secret-123"))
        }
    }
}

import DoorstepMail
import DoorstepTestSupport
import Foundation
import Logging
import Testing

@Suite("SMTP delivery against a real server (aiosmtpd)")
struct SMTPClientTests {
    static let sent = Date(timeIntervalSince1970: 1_790_000_000)

    static func message(to recipient: String = "sam@example.com") -> MailMessage {
        MailMessage(
            from: MailAddress("no-reply@example.com", name: "TANDA"), to: MailAddress(recipient),
            subject: "483920 is your TANDA code — ¡hola!", text: "Your code is 483920.\n.\nIt expires in 10 minutes.",
            html: "<p>Your code is <b>483920</b>.</p>", messageID: "m1@doorstep.test", date: Self.sent)
    }

    /// A client that waits long for its peer unless a test is about timeouts: on a fresh clone, with
    /// every suite starting at once on two cores, the Python peers were starved past the product's
    /// 30-second reply timeout before their greeting. These tests are about what is said, not when.
    static func client(_ url: String, replyTimeout: Duration = .seconds(120)) throws -> SMTPClient {
        var configuration = try SMTPConfiguration(url: url)
        configuration.replyTimeout = replyTimeout
        configuration.connectTimeout = .seconds(60)
        return SMTPClient(configuration: configuration)
    }

    @Test("A plain server receives the message as sent: UTF-8 subject, both parts, short lines, a lone dot")
    func plain() async throws {
        let peer = try await SMTPPeer()
        try await Self.client("smtp://127.0.0.1:\(peer.port)?starttls=off").send(Self.message(), boundary: "b_1")
        let received = try #require(try peer.received().first)
        #expect(received.mailFrom == "no-reply@example.com" && received.rcptTo == ["sam@example.com"])
        #expect(received.subject == "483920 is your TANDA code — ¡hola!")
        #expect(received.from == "TANDA <no-reply@example.com>")
        #expect(received.contentType == "multipart/alternative")
        #expect(
            received.text?.replacingOccurrences(of: "\r\n", with: "\n")
                == "Your code is 483920.\n.\nIt expires in 10 minutes.")
        #expect(received.html?.contains("<b>483920</b>") == true)
        #expect(received.messageID == "<m1@doorstep.test>")
        #expect(received.date == "Mon, 21 Sep 2026 14:13:20 +0000")
        #expect(received.longestLine <= 78)
    }

    @Test("STARTTLS with the server's own certificate, and implicit TLS on its port")
    func tls() async throws {
        let certificate = try await TestCertificate()
        let upgrading = try await SMTPPeer(["--starttls", certificate.certificate, certificate.key])
        try await Self.client("smtp://localhost:\(upgrading.port)?starttls=required&ca=\(certificate.certificate)")
            .send(Self.message(), boundary: "b_2")
        #expect(try upgrading.received().count == 1)

        let untrusted = try Self.client("smtp://localhost:\(upgrading.port)?starttls=required")
        let error = await #expect(throws: SMTPError.self) { try await untrusted.send(Self.message(), boundary: "b") }
        #expect(error?.isPermanent == false)
        #expect(try upgrading.received().count == 1, "nothing is sent over a connection that cannot be trusted")

        let implicit = try await SMTPPeer(["--implicit-tls", certificate.certificate, certificate.key])
        try await Self.client("smtps://localhost:\(implicit.port)?ca=\(certificate.certificate)")
            .send(Self.message(), boundary: "b_3")
        #expect(try implicit.received().count == 1)
    }

    @Test("STARTTLS required by us but not offered stops before anything is sent")
    func startTLSRequired() async throws {
        let peer = try await SMTPPeer()
        let error = await #expect(throws: SMTPError.self) {
            try await Self.client("smtp://127.0.0.1:\(peer.port)?starttls=required").send(Self.message(), boundary: "b")
        }
        #expect(error?.description.contains("STARTTLS") == true)
        #expect(try peer.received().isEmpty)
    }

    @Test("AUTH over STARTTLS signs in; a wrong password is a permanent failure that never repeats it")
    func auth() async throws {
        let certificate = try await TestCertificate()
        let peer = try await SMTPPeer([
            "--starttls", certificate.certificate, certificate.key, "--auth", "mailer:S3cret-Pass",
        ])
        let base = "localhost:\(peer.port)?starttls=required&ca=\(certificate.certificate)"
        try await Self.client("smtp://mailer:S3cret-Pass@\(base)").send(Self.message(), boundary: "b")
        #expect(try peer.received().count == 1)

        let error = await #expect(throws: SMTPError.self) {
            try await Self.client("smtp://mailer:Wrong-Pass-77@\(base)").send(Self.message(), boundary: "b")
        }
        #expect(error?.isPermanent == true)
        #expect(error.map { !"\($0)".contains("Wrong-Pass-77") } == true)
        #expect(try peer.received().count == 1)
    }

    @Test("421 is temporary, 550 for a recipient is permanent, a server that is down or silent is temporary")
    func failures() async throws {
        let busy = try await SMTPPeer(["--fail-first", "1"])
        let client = try Self.client("smtp://127.0.0.1:\(busy.port)?starttls=off")
        let first = await #expect(throws: SMTPError.self) { try await client.send(Self.message(), boundary: "b") }
        #expect(first?.isPermanent == false)
        try await client.send(Self.message(), boundary: "b")
        #expect(try busy.received().count == 1, "the retry goes through, once")

        let rejected = await #expect(throws: SMTPError.self) {
            try await client.send(Self.message(to: "reject@example.com"), boundary: "b")
        }
        #expect(rejected?.isPermanent == true)

        await busy.stop()
        let down = await #expect(throws: SMTPError.self) { try await client.send(Self.message(), boundary: "b") }
        #expect(down?.isPermanent == false)

        let silent = try await SMTPPeer(["--silent"])
        let started = ContinuousClock.now
        let hung = await #expect(throws: SMTPError.self) {
            try await Self.client("smtp://127.0.0.1:\(silent.port)?starttls=off", replyTimeout: .seconds(1))
                .send(Self.message(), boundary: "b")
        }
        #expect(hung?.description == "the SMTP server did not answer in time")
        // The 1-second reply timeout ended it, not the 30-second default. The ceiling sits between the
        // two rather than near 1 s: on a loaded machine this process's timers fired 7 s late, which
        // says nothing about the client.
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(1) && waited < .seconds(20), "\(waited)")
    }
}

import DoorstepMail
import DoorstepTestSupport
import Foundation
import Testing

/// A server, or a man in the middle, that appends a reply to its `220` go-ahead for `STARTTLS`, hoping
/// the client reads it after the handshake as if it came under TLS (CVE-2011-0411's pattern).
@Suite("SMTP: nothing sent before the TLS handshake is trusted")
struct STARTTLSInjectionTests {
    static let peer = #"""
        import socket, sys
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        print(listener.getsockname()[1], flush=True)
        connection, _ = listener.accept()
        connection.sendall(b"220 mail.example.com ESMTP\r\n")
        reader = connection.makefile("rb")
        while True:
            line = reader.readline()
            if not line:
                break
            print(line.decode().strip(), flush=True)
            if line.upper().startswith(b"EHLO"):
                connection.sendall(b"250-mail.example.com\r\n250-AUTH PLAIN\r\n250 STARTTLS\r\n")
            elif line.upper().startswith(b"STARTTLS"):
                connection.sendall(sys.argv[1].encode().replace(b"|", b"\r\n"))
        """#

    /// Runs the peer, sends one message through it, and returns the client's error and what the peer read.
    static func attempt(replyToSTARTTLS: String) async throws -> (error: (any Error)?, peerRead: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", peer, replyToSTARTTLS]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { process.stopSoon() }
        let reader = output.fileHandleForReading
        // The peer listens on a port the kernel picked and says which: no other test can take it first.
        let port = await reader.firstLine() ?? ""
        var configuration = try SMTPConfiguration(url: "smtp://user:Secret-1@127.0.0.1:\(port)")
        // A loaded machine can starve the peer for seconds; the test is about what is read, not when.
        configuration.replyTimeout = .seconds(120)
        var failure: (any Error)?
        do {
            try await SMTPClient(configuration: configuration).send(
                MailMessage(
                    from: MailAddress("no-reply@example.com"), to: MailAddress("sam@example.com"), subject: "Hi",
                    text: "Hi", html: nil, messageID: "m@doorstep.test", date: Date(timeIntervalSince1970: 0)),
                boundary: "b")
        } catch {
            failure = error
        }
        process.stopSoon()
        _ = await process.exited()
        return (failure, String(decoding: await onOwnThread { PipeReading.all(of: reader) }, as: UTF8.self))
    }

    @Test("A reply appended to the STARTTLS go-ahead fails the connection, and no credential is sent")
    func injectedReplyRefused() async throws {
        let (error, read) = try await Self.attempt(replyToSTARTTLS: "220 go ahead|250 injected|")
        let failure = try #require(error)
        #expect(String(describing: failure).contains("before the TLS handshake"), "\(failure)")
        #expect(!read.contains("AUTH") && !read.contains("MAIL FROM"), "\(read)")
    }

    @Test("With credentials and no starttls parameter, TLS is required")
    func credentialsRequireTLS() throws {
        #expect(try SMTPConfiguration(url: "smtp://user:pw@mail.example.com").security == .startTLS(required: true))
        #expect(try SMTPConfiguration(url: "smtp://mail.example.com").security == .startTLS(required: false))
        #expect(
            try SMTPConfiguration(url: "smtp://user:pw@mail.example.com?starttls=off").security == .none,
            "an operator may still say otherwise, on purpose")
    }
}

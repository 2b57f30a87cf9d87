import Foundation

/// One email.
public struct Mail: Sendable, Hashable, Codable {
    public var to: String
    public var subject: String
    public var text: String
    /// The same message as HTML, for clients that show it.
    public var html: String?
    /// The one-time code the mail carries, if any; only the dev mailbox shows it on its own.
    public var code: String?
    /// When the mail was written (its code's life counts from then, not from its delivery).
    public var sentAt: Date

    /// Creates a mail.
    public init(to: String, subject: String, text: String, html: String? = nil, code: String? = nil, sentAt: Date) {
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.code = code
        self.sentAt = sentAt
    }
}

/// Hands a mail to where it goes: SMTP in production, the dev mailbox locally and in tests. The
/// outbox calls it and retries what fails; a ``MailDeliveryError`` says whether retrying can help.
public protocol Mailer: Sendable {
    func send(_ mail: Mail) async throws
}

/// Hands each mail to several transports, such as the dev mailbox and SMTP during development; it
/// fails when any of them fails.
public struct MailFanOut: Mailer {
    let transports: [any Mailer]

    /// Creates a fan-out.
    public init(_ transports: [any Mailer]) {
        self.transports = transports
    }

    public func send(_ mail: Mail) async throws {
        for transport in transports { try await transport.send(mail) }
    }
}

/// Keeps every mail in memory and lists it for `/dev/mail`; the console gets one line per mail saying
/// who it is for — never its subject or body, which carry codes, so no code reaches a log. For local use and
/// tests only: `/dev/mail` is the one place a code may be read back.
public actor DevMailbox: Mailer {
    private var outbox: [Mail] = []
    private let capacity: Int
    private let echo: @Sendable (String) -> Void

    /// Creates a mailbox that keeps the newest `capacity` mails and prints each through `echo`. A
    /// developer reads the newest mails and a load test each mail moments after it was sent; a mail,
    /// HTML and all, takes about 8 KB, so the default holds about 8 MB however long the server runs.
    public init(capacity: Int = 1_000, echo: @escaping @Sendable (String) -> Void = DevMailbox.printToStandardOutput) {
        self.capacity = capacity
        self.echo = echo
    }

    public func send(_ mail: Mail) async throws {
        outbox.append(mail)
        if outbox.count > capacity { outbox.removeFirst(outbox.count - capacity) }
        echo("[dev mailbox] a mail to \(mail.to); read it at /dev/mail")
    }

    /// Writes a line to standard output at once, unbuffered, so it shows even when output is a file.
    public static let printToStandardOutput: @Sendable (String) -> Void = { text in
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Mail sent to `address` (every mail when nil), newest first.
    public func mail(to address: String? = nil) -> [Mail] {
        let matching = address.map { address in outbox.filter { $0.to == address } } ?? outbox
        return matching.reversed()
    }
}

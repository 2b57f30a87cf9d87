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
/// who it is for and what it is about — never its body, so no code reaches a log. For local use and
/// tests only: `/dev/mail` is the one place a code may be read back.
public actor DevMailbox: Mailer {
    private var outbox: [Mail] = []
    private let capacity: Int
    private let echo: @Sendable (String) -> Void

    /// Creates a mailbox that keeps the newest `capacity` mails and prints each through `echo`.
    public init(capacity: Int = 5_000, echo: @escaping @Sendable (String) -> Void = DevMailbox.printToStandardOutput) {
        self.capacity = capacity
        self.echo = echo
    }

    public func send(_ mail: Mail) async throws {
        outbox.append(mail)
        if outbox.count > capacity { outbox.removeFirst(outbox.count - capacity) }
        echo("[dev mailbox] to \(mail.to): \(mail.subject) (read it at /dev/mail)")
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

/// The words of the mails Doorstep sends.
enum MailTemplates {
    static func code(_ code: String, purpose: CodePurpose, to email: String, minutes: Int, at now: Date) -> Mail {
        let subject: String
        let reason: String
        switch purpose {
        case .passwordReset:
            subject = "Your password reset code"
            reason = "Use this code to choose a new password"
        case .verifyEmail:
            subject = "Confirm your email"
            reason = "Use this code to confirm your email address"
        default:
            subject = "Your sign-in code"
            reason = "Use this code to continue"
        }
        let text = """
            \(reason): \(code)

            It expires in \(minutes) minutes. If you didn't ask for it, you can ignore this email.
            """
        return Mail(to: email, subject: subject, text: text, code: code, sentAt: now)
    }

    static func invitation(to email: String, from inviter: String?, group: String, inviteCode: String, at now: Date)
        -> Mail
    {
        let text = """
            \(inviter ?? "Someone") invited you to join \(group).

            Your invite code: \(inviteCode)
            """
        return Mail(to: email, subject: "Join \(group)", text: text, code: inviteCode, sentAt: now)
    }
}

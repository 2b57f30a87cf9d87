import Foundation

/// One email.
public struct Mail: Sendable, Hashable, Codable {
    public var to: String
    public var subject: String
    public var text: String
    /// The one-time code the mail carries, if any; only the dev mailbox shows it on its own.
    public var code: String?
    public var sentAt: Date

    /// Creates a mail.
    public init(to: String, subject: String, text: String, code: String? = nil, sentAt: Date) {
        self.to = to
        self.subject = subject
        self.text = text
        self.code = code
        self.sentAt = sentAt
    }
}

/// Delivers mail: SMTP in production, the dev mailbox locally and in tests.
public protocol Mailer: Sendable {
    func send(_ mail: Mail) async throws
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
}

import Foundation

/// One email, ready to be written out as RFC 5322 text: a plain-text part and, when given, an HTML
/// part as `multipart/alternative`, both quoted-printable UTF-8 so any SMTP server carries them.
public struct MailMessage: Sendable, Hashable {
    public var from: MailAddress
    public var to: MailAddress
    public var subject: String
    public var text: String
    public var html: String?
    /// The `Message-ID`, without angle brackets, such as `3F2A…@example.com`.
    public var messageID: String
    /// The `Date` header's moment.
    public var date: Date

    /// Creates a message.
    public init(
        from: MailAddress, to: MailAddress, subject: String, text: String, html: String? = nil, messageID: String,
        date: Date
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.date = date
    }

    /// The message as it goes after `DATA`: headers and body with CRLF line breaks, not yet dot-stuffed.
    /// - Parameter boundary: the multipart boundary; any token that cannot occur in quoted-printable
    ///   text (which never holds `_` runs like this one) will do.
    public func rendered(boundary: String) -> String {
        var headers = [
            "Date: \(Self.rfc5322Date(date))",
            "From: \(from)",
            "To: \(to)",
            "Subject: \(MIMEEncoding.headerText(subject))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
        ]
        let textPart = Self.part(type: "text/plain", body: text)
        guard let html else {
            headers += textPart.headers
            return headers.joined(separator: "\r\n") + "\r\n\r\n" + textPart.body + "\r\n"
        }
        headers.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        var body = "This is a multi-part message in MIME format.\r\n"
        for part in [textPart, Self.part(type: "text/html", body: html)] {
            body += "--\(boundary)\r\n" + part.headers.joined(separator: "\r\n") + "\r\n\r\n" + part.body + "\r\n"
        }
        body += "--\(boundary)--\r\n"
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + body
    }

    private static func part(type: String, body: String) -> (headers: [String], body: String) {
        (
            ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: quoted-printable"],
            MIMEEncoding.quotedPrintable(body)
        )
    }

    /// `Sun, 22 Nov 2026 23:05:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}

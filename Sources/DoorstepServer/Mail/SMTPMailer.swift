import DoorstepHTTP
import DoorstepMail
import DoorstepServerCore
import DoorstepWeb
import Foundation

/// Hands the outbox's mail to an SMTP server, as multipart text and HTML from the configured sender.
struct SMTPMailer: Mailer {
    let client: SMTPClient
    let from: MailAddress
    let clock: any WallClock
    let random: any RandomSource

    func send(_ mail: Mail) async throws {
        guard let recipient = MailAddress(parsing: mail.to) else {
            throw MailDeliveryError(isPermanent: true, reason: "the recipient's address cannot be used")
        }
        let domain = from.address.split(separator: "@").last.map(String.init) ?? "localhost"
        let message = MailMessage(
            from: from, to: recipient, subject: mail.subject, text: mail.text, html: mail.html,
            messageID: "\(random.uuid().lowercasedText)@\(domain)", date: clock.now)
        do {
            try await client.send(message, boundary: "=_doorstep_\(random.token())")
        } catch let error as SMTPError {
            throw MailDeliveryError(isPermanent: error.isPermanent, reason: error.description)
        }
    }
}

import ArgumentParser
import DoorstepFlow
import DoorstepMail
import DoorstepServer
import Foundation

/// `--mail none`: the one value that says a server runs without mail on purpose.
enum MailSetting: String, ExpressibleByArgument {
    case none
}

extension Serve {
    /// The name and colour mail is written in: a catalog flow's theme, then explicit name and accent.
    /// A server given none of them, nor a sender, writes the mail of each flow's walk in that flow's
    /// name and colours (a server hosting the catalog speaks for several apps).
    func resolveBrand(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let named = [
            mailBrand ?? environment["DOORSTEP_MAIL_BRAND"], mailAppName ?? environment["DOORSTEP_MAIL_APP_NAME"],
            mailAccent ?? environment["DOORSTEP_MAIL_ACCENT"], mailFrom ?? environment["DOORSTEP_MAIL_FROM"],
        ]
        guard named.contains(where: { $0 != nil }) else { return }
        var name = configuration.mailFrom.name ?? "Doorstep"
        var accent = "#4F46E5"
        var onAccent = "#FFFFFF"
        if let flowID = mailBrand ?? environment["DOORSTEP_MAIL_BRAND"] {
            guard let flow = try FlowCatalog.bundled().flow(flowID) else {
                let ids = FlowCatalog.referenceIDs.joined(separator: ", ")
                throw ValidationError("--mail-brand must name a catalog flow (\(ids)), not \"\(flowID)\".")
            }
            name = flow.title
            accent = flow.theme.color("accent") ?? accent
            onAccent = flow.theme.color("onAccent") ?? onAccent
        }
        name = mailAppName ?? environment["DOORSTEP_MAIL_APP_NAME"] ?? name
        if let colour = mailAccent ?? environment["DOORSTEP_MAIL_ACCENT"] {
            guard MailBrand(appName: name, accent: colour).accent == colour else {
                throw ValidationError("The mail accent must be a colour like #6C4CF1, not \"\(colour)\".")
            }
            accent = colour
        }
        configuration.mailBrand = MailBrand(appName: name, accent: accent, onAccent: onAccent)
    }

    /// Reads the SMTP server, the sender and `--mail none`.
    func resolveMail(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let url = smtpURL ?? environment["DOORSTEP_SMTP_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if let url {
            do {
                configuration.smtp = try SMTPConfiguration(url: url)
            } catch {
                throw ValidationError("The SMTP URL cannot be used: \(error).")
            }
        }
        if let from = mailFrom ?? environment["DOORSTEP_MAIL_FROM"] {
            guard let address = MailAddress(parsing: from) else {
                throw ValidationError("The sender must look like \"TANDA <no-reply@example.com>\", not \"\(from)\".")
            }
            configuration.mailFrom = address
        }
        try resolveBrand(into: &configuration, environment: environment)
        configuration.mailTemplatesDirectory = mailTemplates ?? environment["DOORSTEP_MAIL_TEMPLATES"]
        let noMail =
            try mail
            ?? environment["DOORSTEP_MAIL"].map { value in
                guard let setting = MailSetting(rawValue: value) else {
                    throw ValidationError("DOORSTEP_MAIL can only be \"none\", not \"\(value)\".")
                }
                return setting
            }
        // Whether mail goes anywhere is the library's rule (ServerConfiguration.validate).
        configuration.sendsNoMail = noMail == MailSetting.none
        try resolveDevMailbox(into: &configuration, environment: environment)
    }

    /// The dev mailbox is on by default only while no SMTP server is configured and mail is not turned
    /// off; where it may run, and what it may not go with, is the library's rule
    /// (``ServerConfiguration/validate(sealedKeys:hasMailer:)``).
    func resolveDevMailbox(into configuration: inout ServerConfiguration, environment: [String: String]) throws {
        let asked = try devMailbox ?? Self.switchValue(environment, "DOORSTEP_DEV_MAILBOX")
        configuration.devMailbox = asked ?? (configuration.smtp == nil && !configuration.sendsNoMail)
    }
}

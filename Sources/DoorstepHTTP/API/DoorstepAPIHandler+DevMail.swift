import DoorstepAPI
import DoorstepFlow
import DoorstepServerCore
import DoorstepStrings
import Foundation
import OpenAPIRuntime

extension DoorstepAPIHandler {
    package func devMailList(_ input: Operations.DevMailList.Input) async throws -> Operations.DevMailList.Output {
        guard let mailbox else { throw ServiceError.notFound }
        if let to = input.query.to, to.utf8.count > EmailAddress.maximumLength {
            throw ServiceError.invalid("to", code: "too_long", "An address has at most 254 characters.")
        }
        await outbox.deliverDueAndSettle()
        let address = input.query.to.map { EmailAddress.normalizedIfValid($0) }
        let mail = await mailbox.mail(to: address)
        return .ok(
            .init(
                body: .json(
                    mail.map { mail in
                        Components.Schemas.DevMail(
                            to: mail.to, subject: mail.subject, text: mail.text, code: mail.code,
                            sentAt: mail.sentAt)
                    })))
    }

    package func devMailPage(_ input: Operations.DevMailPage.Input) async throws -> Operations.DevMailPage.Output {
        guard let mailbox else { throw ServiceError.notFound }
        await outbox.deliverDueAndSettle()
        let page = DevMailPage.render(await mailbox.mail())
        return .ok(.init(body: .html(HTTPBody(page))))
    }
}

extension EmailAddress {
    /// The normalized form of an address, or the text as it is when it is not one.
    static func normalizedIfValid(_ text: String) -> String {
        isValid(text) ? normalized(text) : text
    }
}

/// The dev mailbox as a page a person can read.
public enum DevMailPage {
    /// The page listing `mail`.
    public static func render(_ mail: [Mail]) -> String {
        let rows = mail.map { mail in
            """
            <article><h2>\(escape(mail.subject))</h2>
            <p class="meta">To \(escape(mail.to)) · \(mail.sentAt.formatted(.iso8601))</p>
            \(mail.code.map { "<p class=\"code\">\(escape($0))</p>" } ?? "")
            <pre>\(escape(mail.text))</pre></article>
            """
        }
        let body = rows.isEmpty ? "<p>No mail yet. Codes you request appear here.</p>" : rows.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Dev mailbox · Doorstep</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem}
            article{border:1px solid #ccc;border-radius:12px;padding:1rem;margin:1rem 0}.meta{color:#555}
            .code{font:700 2rem ui-monospace,monospace;letter-spacing:.3em}pre{white-space:pre-wrap}</style>
            </head><body><h1>Dev mailbox</h1>
            \(body)
            </body></html>
            """
    }

    /// Text made safe to place in HTML.
    public static func escape(_ text: String) -> String {
        HTMLText.escape(text)
    }
}

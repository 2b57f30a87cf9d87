import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import DoorstepStrings

/// The funnel's pages that are not screens: the list of flows and the error page.
enum FunnelPages {
    /// `GET /`: every flow of the catalog, with a link to start or resume it.
    static func index(_ flows: [FlowDefinition], devMailbox: Bool) -> String {
        let items = flows.map { flow in
            """
            <li><a href="/flows/\(HTML.escape(flow.id))"><strong>\(HTML.escape(flow.title))</strong>\
            <span>\(HTML.escape(flow.summary))</span></a></li>
            """
        }
        let mailbox =
            devMailbox
            ? "<p class=\"index-note\">Codes sent by email land in the <a href=\"/dev/mail\">dev mailbox</a>.</p>" : ""
        return plain(
            title: "Doorstep",
            body: """
                <main class="index"><h1>Doorstep</h1>
                <p>Walk an app's first five minutes in the browser: welcome, sign-up, sign-in and onboarding.</p>
                <ul class="flow-list">\(items.joined())</ul>\(mailbox)</main>
                """)
    }

    /// A page explaining what went wrong, with a way on, in `language`.
    static func error(
        title: String, message: String, link: (href: String, text: String),
        language: String = ServerMessages.language(for: RequestInfo.current.preferredLanguages)
    ) -> String {
        let text = words(in: language)
        return plain(
            title: PageWords.translate(title, into: language), language: language,
            body: """
                <main class="index"><h1>\(text(title))</h1><p role="alert">\(text(message))</p>
                <p><a href="\(HTML.escape(link.href))">\(text(link.text))</a></p></main>
                """)
    }

    /// The funnel's own words in `language`, escaped for HTML.
    static func words(in language: String) -> (String) -> String {
        { HTML.escape(PageWords.translate($0, into: language)) }
    }

    /// What the confirmation page asks for.
    enum Confirmation {
        case password
        /// A button that mails a code to the account.
        case mailACode
        /// The code just mailed.
        case code
    }

    /// `/flows/:id/confirm`: asks for the password, or mails a code and asks for it, before a change that
    /// needs a recent sign-in.
    static func confirmIdentity(
        flow: FlowDefinition, csrfToken: String, asks: Confirmation, asksSecondFactor: Bool = false, message: String?,
        language: String = "en"
    ) -> String {
        let text = words(in: language)
        // An account with an authenticator app confirms it too, as its sign-in does.
        let secondFactor =
            asksSecondFactor
            ? "<label for=\"mfaCode\">\(text("Enter the code from your authenticator app"))</label>"
                + "<input id=\"mfaCode\" name=\"mfaCode\" inputmode=\"numeric\" autocomplete=\"one-time-code\" required>"
            : ""
        let action = "/flows/\(HTML.escape(flow.id))/confirm"
        let csrf = HTML.hidden(.csrf, csrfToken)
        let alert = message.map { "<p role=\"alert\">\(text($0))</p>" } ?? ""
        let form: String
        switch asks {
        case .password:
            form = """
                <form method="post" action="\(action)">\(csrf)
                <label for="password">\(text("Password"))</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required>\(secondFactor)
                <button type="submit" \(HTML.name(.action)) value="\(ConfirmationRequest.confirm.rawValue)">\(text("Confirm"))</button></form>
                """
        case .mailACode:
            form = """
                <p>\(text("We'll email you a code to confirm it's you."))</p>
                <form method="post" action="\(action)">\(csrf)
                <button type="submit" \(HTML.name(.action)) value="\(ConfirmationRequest.send.rawValue)">\(text("Email me a code"))</button></form>
                """
        case .code:
            form = """
                <p>\(text("Enter the code we just emailed you."))</p>
                <form method="post" action="\(action)">\(csrf)
                <label for="code">\(text("Code"))</label>
                <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>\(secondFactor)
                <button type="submit" \(HTML.name(.action)) value="\(ConfirmationRequest.confirm.rawValue)">\(text("Confirm"))</button></form>
                """
        }
        return plain(
            title: PageWords.translate("Confirm it's you", into: language), language: language,
            body: """
                <main class="index account"><h1>\(text("Confirm it's you"))</h1>
                <p>\(text("For your security, confirm who you are before making this change."))</p>\(alert)\(form)
                <p><a href="/flows/\(HTML.escape(flow.id))">\(text("Back to \(flow.title)"))</a></p></main>
                """)
    }

    /// The second factor of a sign-in: the code the authenticator app shows, or a recovery code.
    static func secondFactor(flow: FlowDefinition, csrfToken: String, message: String?, language: String = "en")
        -> String
    {
        let text = words(in: language)
        let alert = message.map { "<p role=\"alert\">\(text($0))</p>" } ?? ""
        return plain(
            title: PageWords.translate("Enter the code from your authenticator app", into: language),
            language: language,
            body: """
                <main class="index account"><h1>\(text("Enter the code from your authenticator app"))</h1>\(alert)
                <form method="post" action="/flows/\(HTML.escape(flow.id))/mfa">
                \(HTML.hidden(.csrf, csrfToken))
                <label for="code">\(text("Code"))</label>
                <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required autofocus>
                <p>\(text("Lost your phone? Enter one of your recovery codes instead."))</p>
                <button type="submit">\(text("Continue"))</button></form>
                <p><a href="/flows/\(HTML.escape(flow.id))">\(text("Back to \(flow.title)"))</a></p></main>
                """)
    }

    /// A plain page of the funnel's own (not a flow's screen) around `body`.
    /// - Parameter page: names the page on its `<body>` (`data-screen`), as screens are named.
    static func plain(title: String, language: String = "en", body: String, page: String? = nil) -> String {
        let name = page.map { " data-screen=\"\(HTML.escape($0))\"" } ?? ""
        let direction = StringCatalog.isRightToLeft(language) ? "rtl" : "ltr"
        return """
            <!doctype html>
            <html lang="\(HTML.escape(language))" dir="\(direction)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title))</title>
            <link rel="stylesheet" href="/funnel/funnel.css"></head>
            <body class="plain"\(name)>\(body)</body></html>
            """
    }
}

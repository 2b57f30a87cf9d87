import DoorstepFlow

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

    /// A page explaining what went wrong, with a way on.
    static func error(title: String, message: String, link: (href: String, text: String)) -> String {
        plain(
            title: title,
            body: """
                <main class="index"><h1>\(HTML.escape(title))</h1><p role="alert">\(HTML.escape(message))</p>
                <p><a href="\(HTML.escape(link.href))">\(HTML.escape(link.text))</a></p></main>
                """)
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
    static func confirmIdentity(flow: FlowDefinition, csrfToken: String, asks: Confirmation, message: String?)
        -> String
    {
        let action = "/flows/\(HTML.escape(flow.id))/confirm"
        let csrf = "<input type=\"hidden\" name=\"_csrf\" value=\"\(HTML.escape(csrfToken))\">"
        let alert = message.map { "<p role=\"alert\">\(HTML.escape($0))</p>" } ?? ""
        let form: String
        switch asks {
        case .password:
            form = """
                <form method="post" action="\(action)">\(csrf)
                <label for="password">Password</label>
                <input id="password" name="password" type="password" autocomplete="current-password" required>
                <button type="submit" name="_action" value="confirm">Confirm</button></form>
                """
        case .mailACode:
            form = """
                <p>We'll email you a code to confirm it's you.</p>
                <form method="post" action="\(action)">\(csrf)
                <button type="submit" name="_action" value="send">Email me a code</button></form>
                """
        case .code:
            form = """
                <p>Enter the code we just emailed you.</p>
                <form method="post" action="\(action)">\(csrf)
                <label for="code">Code</label>
                <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
                <button type="submit" name="_action" value="confirm">Confirm</button></form>
                """
        }
        return plain(
            title: "Confirm it's you",
            body: """
                <main class="index account"><h1>Confirm it's you</h1>
                <p>For your security, confirm who you are before making this change.</p>\(alert)\(form)
                <p><a href="/flows/\(HTML.escape(flow.id))">Back to \(HTML.escape(flow.title))</a></p></main>
                """)
    }

    /// The second factor of a sign-in: the code the authenticator app shows, or a recovery code.
    static func secondFactor(flow: FlowDefinition, csrfToken: String, message: String?) -> String {
        let alert = message.map { "<p role=\"alert\">\(HTML.escape($0))</p>" } ?? ""
        return plain(
            title: "Enter the code from your authenticator app",
            body: """
                <main class="index account"><h1>Enter the code from your authenticator app</h1>\(alert)
                <form method="post" action="/flows/\(HTML.escape(flow.id))/mfa">
                <input type="hidden" name="_csrf" value="\(HTML.escape(csrfToken))">
                <label for="code">Code</label>
                <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required autofocus>
                <p>Lost your phone? Enter one of your recovery codes instead.</p>
                <button type="submit">Continue</button></form>
                <p><a href="/flows/\(HTML.escape(flow.id))">Back to \(HTML.escape(flow.title))</a></p></main>
                """)
    }

    /// A plain page of the funnel's own (not a flow's screen) around `body`.
    /// - Parameter page: names the page on its `<body>` (`data-screen`), as screens are named.
    static func plain(title: String, body: String, page: String? = nil) -> String {
        let name = page.map { " data-screen=\"\(HTML.escape($0))\"" } ?? ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title))</title>
            <link rel="stylesheet" href="/funnel/funnel.css"></head>
            <body class="plain"\(name)>\(body)</body></html>
            """
    }
}

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
        return shell(
            title: "Doorstep",
            body: """
                <main class="index"><h1>Doorstep</h1>
                <p>Walk an app's first five minutes in the browser: welcome, sign-up, sign-in and onboarding.</p>
                <ul class="flow-list">\(items.joined())</ul>\(mailbox)</main>
                """)
    }

    /// A page explaining what went wrong, with a way on.
    static func error(title: String, message: String, link: (href: String, text: String)) -> String {
        shell(
            title: title,
            body: """
                <main class="index"><h1>\(HTML.escape(title))</h1><p role="alert">\(HTML.escape(message))</p>
                <p><a href="\(HTML.escape(link.href))">\(HTML.escape(link.text))</a></p></main>
                """)
    }

    private static func shell(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <link rel="stylesheet" href="/funnel/funnel.css"></head>
        <body class="plain">\(body)</body></html>
        """
    }
}

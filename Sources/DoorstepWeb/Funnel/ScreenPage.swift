import DoorstepHTTP
import DoorstepPresentation
import DoorstepServerCore

/// One screen of a flow as a whole HTML page, drawn from its ``ScreenPresentation``: a real form
/// that works without script, the theme's stylesheet, the navigation bar, progress, blocks and the
/// actions in their places.
struct ScreenPage {
    let presentation: ScreenPresentation
    let csrfToken: String
    /// The language the page is in, and the others the flow is offered in.
    var language = FunnelLanguage.source
    /// A sentence the server adds above the screen's blocks, such as where to carry on after the end.
    var notice: String?
    /// The puzzle the page's script solves before the form may make an account or mail a code.
    var puzzle: Puzzle?

    /// The page's HTML.
    func render() -> String {
        var body = ""
        if presentation.background?.kind == .aurora {
            body += "<div class=\"aurora\" aria-hidden=\"true\"><span></span><span></span><span></span></div>"
        }
        body +=
            "<form method=\"post\" action=\"/flows/\(HTML.escape(presentation.flowID))\" class=\"screen\" novalidate"
        body += presentation.uploadsFile ? " enctype=\"multipart/form-data\">" : ">"
        body += hiddenInputs()
        body += navigation()
        body += "<main class=\"content\" id=\"main\">"
        if let message = presentation.banner {
            body += "<div class=\"banner\" role=\"alert\">\(HTML.escape(message))</div>"
        }
        if let notice {
            body += "<div class=\"notice\" role=\"status\">\(HTML.escape(notice))</div>"
        }
        body += presentation.blocks.map(BlockHTML.html).joined()
        body += "</main>"
        body += carouselControls()
        body += dock()
        body += presentation.overlays.map(overlay).joined()
        body += "</form>"
        body += footer()
        return page(body: body)
    }

    // MARK: - Page

    private func page(body: String) -> String {
        let flowID = HTML.escape(presentation.flowID)
        let template = presentation.template.map { " template-\(HTML.token($0))" } ?? ""
        let kind = " presentation-\(presentation.presentation.rawValue)"
        let background = presentation.background.map { " bg-\(HTML.token($0.name))" } ?? ""
        let theme = presentation.theme
        let appearance = theme.followsSystem ? "system" : theme.isDark ? "dark" : "light"
        let scheme = theme.followsSystem ? "light dark" : theme.isDark ? "dark" : "light"
        return """
            <!doctype html>
            <html lang="\(HTML.escape(language.tag))" dir="\(language.isRightToLeft ? "rtl" : "ltr")" class="appearance-\(appearance)">
            <head><meta charset="utf-8">
            <meta name="color-scheme" content="\(scheme)">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="referrer" content="same-origin">
            <title>\(HTML.escape(presentation.title))</title>
            <link rel="stylesheet" href="/funnel/funnel.css">
            <link rel="stylesheet" href="/flows/\(flowID)/theme.css?v=\(presentation.flowVersion)">
            <script src="/funnel/funnel.js" defer></script>
            </head>
            <body class="flow-\(HTML.token(presentation.flowID))\(template)\(kind)\(background)" \
            data-screen="\(HTML.escape(presentation.screenID))">
            \(body)
            </body></html>
            """
    }

    private func hiddenInputs() -> String {
        var html = HTML.hidden(.csrf, csrfToken) + HTML.hidden(.screen, presentation.screenID)
        if let puzzle {
            html +=
                "<input type=\"hidden\" \(HTML.name(.proof)) value=\"\" data-puzzle=\"\(HTML.escape(puzzle.token))\" "
            html += "data-difficulty=\"\(puzzle.difficulty)\" "
            html += "data-note=\"\(language.text("Checking that you're a person…"))\">"
        }
        // Enter in a text field presses the form's first submit button: make that the primary action.
        if let defaultAction = presentation.defaultAction {
            html += "<button type=\"submit\" \(HTML.name(.action)) value=\"\(HTML.escape(defaultAction))\" "
            html += "class=\"default-submit\" tabindex=\"-1\" aria-hidden=\"true\"></button>"
        }
        return html
    }

    private func navigation() -> String {
        guard let navigation = presentation.navigation else { return "" }
        var html = "<header class=\"nav\"><div class=\"nav-leading\">"
        html += navigation.leading.map { ActionHTML.button($0, classes: "nav-button") }.joined()
        html += "</div><div class=\"nav-center\">\(navigation.progress.map(ProgressHTML.bar) ?? "")</div>"
        html += "<div class=\"nav-trailing\">"
        html += navigation.trailing.map { ActionHTML.button($0, classes: "nav-button") }.joined()
        return html + "</div></header>"
    }

    private func carouselControls() -> String {
        guard let carousel = presentation.carousel else { return "" }
        var html = "<div class=\"carousel-controls\" data-carousel>"
        html +=
            carousel.back.map { swipeButton($0, label: "Previous", glyph: "‹") }
            ?? "<span class=\"swipe-spacer\"></span>"
        html += carousel.dots.map(ProgressHTML.dots) ?? ""
        html +=
            carousel.next.map { swipeButton($0, label: "Next", glyph: "›") } ?? "<span class=\"swipe-spacer\"></span>"
        return html + "</div>"
    }

    private func swipeButton(_ action: ActionPresentation, label: String, glyph: String) -> String {
        let role = action.role == .swipeNext ? "next" : "previous"
        return "<button type=\"submit\" \(HTML.name(.action)) value=\"\(HTML.escape(action.id))\" class=\"swipe\" "
            + "data-swipe=\"\(role)\" aria-label=\"\(language.text(label))\" formnovalidate>\(glyph)</button>"
    }

    private func dock() -> String {
        guard !presentation.dock.isEmpty else { return "" }
        return "<footer class=\"dock\">" + presentation.dock.map { ActionHTML.button($0, classes: "") }.joined()
            + "</footer>"
    }

    private func overlay(_ action: ActionPresentation) -> String {
        if let after = action.firesAfter {
            return
                "<button type=\"submit\" \(HTML.name(.timer)) value=\"\(HTML.escape(action.id))\" class=\"timer-fallback\" "
                + "data-timer=\"\(after)\" formnovalidate>Continue</button>"
        }
        let label = HTML.escape(action.baseTitle)
        return
            "<button type=\"submit\" \(HTML.name(.action)) value=\"\(HTML.escape(action.id))\" class=\"tap-anywhere\" "
            + "aria-label=\"\(label)\" formnovalidate><span class=\"sr-only\">\(label)</span></button>"
    }

    private func footer() -> String {
        """
        <nav class="funnel-footer" aria-label="Doorstep">
        <a href="/">\(language.text("All flows"))</a>
        <form method="post" action="/flows/\(HTML.escape(presentation.flowID))/restart">\
        \(HTML.hidden(.csrf, csrfToken))\
        <button type="submit" class="text-button">\(language.text("Start over"))</button></form>
        \(languageSwitch())
        </nav>
        """
    }

    /// Links to the flow in each language it is offered in, each named in its own language.
    private func languageSwitch() -> String {
        guard language.offered.count > 1 else { return "" }
        let flowID = HTML.escape(presentation.flowID)
        let links = language.offered.map { tag in
            let current = tag == language.tag ? " aria-current=\"true\"" : ""
            return "<li><a href=\"/flows/\(flowID)?lang=\(HTML.escape(tag))\" lang=\"\(HTML.escape(tag))\"\(current)>"
                + "\(HTML.escape(FunnelLanguage.name(of: tag)))</a></li>"
        }
        return "<ul class=\"language-switch\" aria-label=\"\(language.text("Language"))\">\(links.joined())</ul>"
    }
}

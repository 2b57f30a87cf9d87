import DoorstepFlow
import Foundation

/// One screen of a flow as a whole HTML page: a real form that works without script, the theme's
/// stylesheet, the navigation bar, progress, blocks and the actions in their places.
struct ScreenPage {
    let engine: FlowEngine
    let csrfToken: String
    let now: Date
    /// Sign-in providers the funnel can offer; social buttons of others are not drawn.
    let providers: Set<String>

    var flow: FlowDefinition { engine.flow }
    var screen: Screen { engine.screen }

    /// The page's HTML.
    func render() -> String {
        let blocks = visibleBlocks
        let referenced = Set(blocks.compactMap(\.action))
        let actions = engine.visibleActions.filter { isOffered($0) }
        let placed = Dictionary(grouping: actions.filter { !referenced.contains($0.id) }, by: place)
        let isUpload = blocks.contains { $0.kind == .avatar }
        let renderer = BlockHTML(engine: engine, now: now, actions: actions)
        let background = screen.background.map { " bg-\(HTML.token($0))" } ?? ""
        let aurora = screen.background.flatMap { flow.theme.backgrounds?[$0] }?.kind == .aurora
        var body = ""
        if aurora {
            body += "<div class=\"aurora\" aria-hidden=\"true\"><span></span><span></span><span></span></div>"
        }
        body += "<form method=\"post\" action=\"/flows/\(HTML.escape(flow.id))\" class=\"screen\" novalidate"
        body += isUpload ? " enctype=\"multipart/form-data\">" : ">"
        body += hiddenInputs(defaultAction: placed[.dock]?.first { $0.role == .primary })
        body += navigation(leading: placed[.navLeading] ?? [], trailing: placed[.navTrailing] ?? [])
        body += "<main class=\"content\" id=\"main\">"
        if let message = engine.snapshot.message {
            body += "<div class=\"banner\" role=\"alert\">\(HTML.escape(message))</div>"
        }
        var firstHeading = true
        let inline = (placed[.inline] ?? []).map { button($0, classes: "") }.joined()
        var contentActions = (placed[.content] ?? []).map { button($0, classes: "content-action") }.joined()
        let slot = actionSlot
        for (index, block) in blocks.enumerated() {
            // Buttons placed in the content stand where the screen's sign-in buttons stand.
            if index == slot {
                body += contentActions
                contentActions = ""
            }
            var html = renderer.html(for: block, isFirstHeading: block.kind == .heading && firstHeading)
            if block.kind == .heading { firstHeading = false }
            // A closing question and the link after it read as one line: "Already have an account? Sign in".
            let isQuestion = engine.render(block.text ?? "").hasSuffix("?")
            if index == blocks.count - 1, block.kind == .text, isQuestion, !inline.isEmpty, html.hasSuffix("</p>") {
                html = String(html.dropLast(4)) + " \(inline)</p>"
            } else if index == blocks.count - 1, !inline.isEmpty {
                html += contentActions + "<p class=\"inline-actions\">\(inline)</p>"
                contentActions = ""
            }
            body += html
        }
        if blocks.isEmpty, !inline.isEmpty { body += "<p class=\"inline-actions\">\(inline)</p>" }
        body += contentActions
        body += "</main>"
        body += carouselControls(placed[.carousel] ?? [])
        body += dock(placed[.dock] ?? [])
        body += (placed[.overlay] ?? []).map(overlay).joined()
        body += "</form>"
        body += footer()
        return page(body: body, background: background)
    }

    // MARK: - Page

    private func page(body: String, background: String) -> String {
        let template = screen.template.map { " template-\(HTML.token($0))" } ?? ""
        let presentation = " presentation-\(screen.presentation?.rawValue ?? "page")"
        return """
            <!doctype html>
            <html lang="en" class="appearance-\(flow.theme.appearance.rawValue)">
            <head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="referrer" content="same-origin">
            <title>\(HTML.escape(title))</title>
            <link rel="stylesheet" href="/funnel/funnel.css">
            <link rel="stylesheet" href="/flows/\(HTML.escape(flow.id))/theme.css?v=\(flow.version)">
            <script src="/funnel/funnel.js" defer></script>
            </head>
            <body class="flow-\(HTML.token(flow.id))\(template)\(presentation)\(background)" \
            data-screen="\(HTML.escape(screen.id))">
            \(body)
            </body></html>
            """
    }

    /// The tab title: the screen's title or first heading, then the app's name.
    var title: String {
        let heading = screen.title ?? visibleBlocks.first { $0.kind == .heading }?.text.map(engine.render)
        return [heading, flow.title].compactMap { $0 }.joined(separator: " · ")
    }

    private func hiddenInputs(defaultAction: Action?) -> String {
        var html = "<input type=\"hidden\" name=\"_csrf\" value=\"\(HTML.escape(csrfToken))\">"
        html += "<input type=\"hidden\" name=\"_screen\" value=\"\(HTML.escape(screen.id))\">"
        // Enter in a text field presses the form's first submit button: make that the primary action.
        if let defaultAction {
            html += "<button type=\"submit\" name=\"_action\" value=\"\(HTML.escape(defaultAction.id))\" "
            html += "class=\"default-submit\" tabindex=\"-1\" aria-hidden=\"true\"></button>"
        }
        return html
    }

    private func navigation(leading: [Action], trailing: [Action]) -> String {
        let progress = engine.progress
        let bar = progress.track.map { $0.style == .dots ? "" : ProgressHTML.bar(progress, style: $0.style) } ?? ""
        guard !leading.isEmpty || !trailing.isEmpty || !bar.isEmpty else { return "" }
        var html = "<header class=\"nav\"><div class=\"nav-leading\">"
        html += leading.map { button($0, classes: "nav-button") }.joined()
        html += "</div><div class=\"nav-center\">\(bar)</div><div class=\"nav-trailing\">"
        html += trailing.map { button($0, classes: "nav-button") }.joined()
        return html + "</div></header>"
    }

    private func carouselControls(_ swipes: [Action]) -> String {
        let progress = engine.progress
        let dots = progress.track?.style == .dots ? ProgressHTML.dots(progress) : ""
        guard !swipes.isEmpty || !dots.isEmpty else { return "" }
        let back = swipes.first { $0.role == .swipeBack }
        let next = swipes.first { $0.role == .swipeNext }
        var html = "<div class=\"carousel-controls\" data-carousel>"
        html += back.map { swipeButton($0, label: "Previous", glyph: "‹") } ?? "<span class=\"swipe-spacer\"></span>"
        html += dots
        html += next.map { swipeButton($0, label: "Next", glyph: "›") } ?? "<span class=\"swipe-spacer\"></span>"
        return html + "</div>"
    }

    private func swipeButton(_ action: Action, label: String, glyph: String) -> String {
        let role = action.role == .swipeNext ? "next" : "previous"
        return "<button type=\"submit\" name=\"_action\" value=\"\(HTML.escape(action.id))\" class=\"swipe\" "
            + "data-swipe=\"\(role)\" aria-label=\"\(label)\" formnovalidate>\(glyph)</button>"
    }

    private func dock(_ actions: [Action]) -> String {
        guard !actions.isEmpty else { return "" }
        let order: [Action.Role] = [.primary, .secondary, .tertiary, .link, .skip, .back, .close]
        let sorted = actions.sorted { (order.firstIndex(of: $0.role) ?? 9) < (order.firstIndex(of: $1.role) ?? 9) }
        var html = "<footer class=\"dock\">"
        html += sorted.map { button($0, classes: "") }.joined()
        return html + "</footer>"
    }

    private func overlay(_ action: Action) -> String {
        if action.role == .timer {
            let after = action.after ?? 0
            return
                "<button type=\"submit\" name=\"_timer\" value=\"\(HTML.escape(action.id))\" class=\"timer-fallback\" "
                + "data-timer=\"\(after)\" formnovalidate>Continue</button>"
        }
        let label = HTML.escape(action.title ?? "Continue")
        return "<button type=\"submit\" name=\"_action\" value=\"\(HTML.escape(action.id))\" class=\"tap-anywhere\" "
            + "aria-label=\"\(label)\" formnovalidate><span class=\"sr-only\">\(label)</span></button>"
    }

    /// A submit button for an action, styled by its role.
    func button(_ action: Action, classes: String) -> String {
        BlockHTML.actionButton(action, engine: engine, now: now, extraClasses: classes)
    }

    private func footer() -> String {
        """
        <nav class="funnel-footer" aria-label="Doorstep">
        <a href="/">All flows</a>
        <form method="post" action="/flows/\(HTML.escape(flow.id))/restart">\
        <input type="hidden" name="_csrf" value="\(HTML.escape(csrfToken))">\
        <button type="submit" class="text-button">Start over</button></form>
        </nav>
        """
    }

    // MARK: - What shows

    /// The blocks that show: social buttons only for offered providers, and a divider only when
    /// the social buttons it introduces show.
    private var visibleBlocks: [Block] { shownBlocks.map(\.block) }

    /// The shown blocks with their places among the screen's visible blocks.
    private var shownBlocks: [(offset: Int, block: Block)] {
        let blocks = engine.visibleBlocks
        let offered = { (block: Block) in
            block.kind != .socialButton || block.provider.map(providers.contains) == true
        }
        return blocks.enumerated().filter { index, block in
            if block.kind == .divider, blocks.indices.contains(index + 1), !offered(blocks[index + 1]) { return false }
            return offered(block)
        }.map { (offset: $0.offset, block: $0.element) }
    }

    /// Where among the shown blocks the screen's content buttons go: where its first sign-in
    /// button is (shown or not); after the last block otherwise.
    private var actionSlot: Int? {
        guard let social = engine.visibleBlocks.firstIndex(where: { $0.kind == .socialButton }) else { return nil }
        return shownBlocks.firstIndex { $0.offset > social }
    }

    /// Whether the funnel offers an action: provider sign-ins only where the provider is set up.
    private func isOffered(_ action: Action) -> Bool {
        let signIns = ["apple": "signInWithApple", "google": "signInWithGoogle"]
        guard let transition = flow.transitions.first(where: { $0.from == screen.id && $0.on == action.id })
        else { return true }
        let effects = Set((transition.effects ?? []).map(\.name))
        return signIns.allSatisfy { provider, effect in providers.contains(provider) || !effects.contains(effect) }
    }

    /// Where an action is drawn on the web.
    enum Place: Hashable {
        case navLeading, navTrailing, content, dock, inline, carousel, overlay
    }

    private func place(_ action: Action) -> Place {
        switch action.role {
        case .swipeNext, .swipeBack: return .carousel
        case .tapAnywhere, .timer: return .overlay
        default: break
        }
        switch action.placement {
        case .navLeading: return .navLeading
        case .navTrailing: return .navTrailing
        case .content: return .content
        case .inline: return .inline
        case .dock: return .dock
        case nil:
            switch action.role {
            case .back, .close: return .navLeading
            case .skip: return .navTrailing
            case .link: return .inline
            default: return .dock
            }
        }
    }
}

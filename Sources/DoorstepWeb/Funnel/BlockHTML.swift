import DoorstepFlow
import DoorstepHTTP
import DoorstepPresentation

/// The HTML of each kind of block: content, inputs labelled and tied to their errors, and blocks
/// that carry an action (cards, resend links).
enum BlockHTML {
    // swiftlint:disable:next cyclomatic_complexity
    static func html(_ block: BlockPresentation) -> String {
        switch block.content {
        case .heading(let heading):
            let tag = heading.level == 1 ? "h1" : "h2"
            return "<\(tag) class=\"\(classes(heading.text.look))\">\(HTML.escape(heading.text.text))</\(tag)>"
        case .text(let text):
            let links = text.trailingActions.map { ActionHTML.button($0, classes: "") }.joined()
            return "<p class=\"\(classes(text.text.look))\">\(HTML.escape(text.text.text))"
                + (links.isEmpty ? "" : " \(links)") + "</p>"
        case .symbol(let symbol):
            let badge = symbol.badge.map { " badge-\(HTML.token($0))" } ?? ""
            let tint = symbol.tintRole.map { " tinted tint-\(HTML.token($0))" } ?? ""
            return "<div class=\"symbol\(sizeClass(symbol.size))\(badge)\(tint)\" aria-hidden=\"true\">"
                + "\(SymbolGlyphs.glyph(symbol.name))</div>"
        case .orb(let orb):
            return "<div class=\"orb\(sizeClass(orb.size))\" aria-hidden=\"true\"><span></span></div>"
        case .narration(let narration):
            return self.narration(narration)
        case .divider(let divider):
            let label = divider.label.map { "<span>\(HTML.escape($0.text))</span>" } ?? ""
            return "<div class=\"divider role-caption\" role=\"separator\">\(label)</div>"
        case .markdown(let markdown):
            return "<article class=\"markdown\">\(MarkdownHTML.render(markdown.source))</article>"
        case .features(let list):
            return features(list)
        case .stats(let list):
            return stats(list)
        case .loading:
            return "<div class=\"loading\" role=\"progressbar\" aria-label=\"Loading\"><span></span></div>"
        case .skeleton(let skeleton):
            return self.skeleton(skeleton)
        case .avatar(let avatar):
            return InputHTML.avatar(avatar)
        case .textField, .codeEntry, .password, .checkbox, .stepper, .choices, .voiceAnswer, .picker, .listBuilder:
            return InputHTML.html(block.content)
        case .paywall(let paywall):
            return PaywallHTML.html(paywall)
        case .card(let card):
            return self.card(card)
        case .socialButton(let action):
            return ActionHTML.button(action, classes: "social")
        case .resendTimer(let resend):
            let prompt = resend.prompt.map { "<span>\(HTML.escape($0))</span> " } ?? ""
            return
                "<p class=\"resend \(classes(resend.look))\">\(prompt)\(ActionHTML.button(resend.action, classes: ""))</p>"
        case .actions(let row):
            guard !row.actions.isEmpty else { return "" }
            switch row.style {
            case .content: return row.actions.map { ActionHTML.button($0, classes: "content-action") }.joined()
            case .inline:
                return "<p class=\"inline-actions\">" + row.actions.map { ActionHTML.button($0, classes: "") }.joined()
                    + "</p>"
            }
        }
    }

    // MARK: - Content

    /// The type-scale class (the block's style, or its role's) and its colour role's class.
    static func classes(_ look: TextLook) -> String {
        var classes = look.style.map { "type-\(HTML.token($0))" } ?? "role-\(look.role)"
        if let color = look.colorRole { classes += " color-\(HTML.token(color))" }
        return classes
    }

    private static func sizeClass(_ size: Double?) -> String {
        size.map { " size-\(Int($0))" } ?? ""
    }

    private static func narration(_ narration: NarrationContent) -> String {
        var html = "<div class=\"narration \(classes(narration.look))\" data-narration>"
        var index = 0
        for line in narration.lines {
            html += "<p>"
            for word in line.split(separator: " ") {
                html += "<span class=\"word\" data-word=\"\(index)\">\(HTML.escape(String(word)))</span> "
                index += 1
            }
            html += "</p>"
        }
        return html + "</div>"
    }

    /// Cards without content, shimmering (unless motion is reduced) until the page is replaced by the one
    /// with the real cards; the label says what is happening.
    private static func skeleton(_ skeleton: SkeletonContent) -> String {
        let label = skeleton.label ?? FlowStrings.defaultLoadingLabel
        var html = "<div class=\"skeleton\" role=\"progressbar\" aria-label=\"\(HTML.escape(label))\">"
        html += String(
            repeating: "<div class=\"skeleton-card\" aria-hidden=\"true\"><span></span><span></span></div>",
            count: skeleton.cards)
        if let text = skeleton.label {
            html +=
                "<p class=\"skeleton-label role-caption color-textSecondary\" aria-hidden=\"true\">\(HTML.escape(text))</p>"
        }
        return html + "</div>"
    }

    private static func features(_ list: ItemListContent) -> String {
        let rows = list.items.map { item in
            "<li><span class=\"feature-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph(item.symbol ?? ""))</span>"
                + "<span><strong class=\"role-heading\">\(HTML.escape(item.title))</strong>"
                + (item.detail.map { "<span class=\"role-caption color-textSecondary\">\(HTML.escape($0))</span>" }
                    ?? "")
                + "</span></li>"
        }
        return "<ul class=\"features\">\(rows.joined())</ul>"
    }

    private static func stats(_ list: ItemListContent) -> String {
        let figures = list.items.map { item in
            let symbol = item.symbol.map { "<span aria-hidden=\"true\">\(SymbolGlyphs.glyph($0))</span> " } ?? ""
            return "<div><dt class=\"role-title\">\(symbol)\(HTML.escape(item.title))</dt>"
                + "<dd class=\"role-caption color-textSecondary\">\(HTML.escape(item.detail ?? ""))</dd></div>"
        }
        return "<dl class=\"stats\">\(figures.joined())</dl>"
    }

    // MARK: - Blocks with actions

    private static func card(_ card: CardContent) -> String {
        var html =
            "<button type=\"submit\" \(HTML.name(.action)) value=\"\(HTML.escape(card.action.id))\" class=\"card\" "
        html += "formnovalidate>"
        html += "<span class=\"card-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph(card.symbol ?? ""))</span>"
        html += "<span class=\"card-text\"><span class=\"card-title role-heading\">"
        html += HTML.escape(card.title) + "</span>"
        if let badge = card.badge { html += " <span class=\"badge role-caption\">\(HTML.escape(badge))</span>" }
        html += "<span class=\"role-label color-textSecondary\">\(HTML.escape(card.detail))</span></span></button>"
        return html
    }
}

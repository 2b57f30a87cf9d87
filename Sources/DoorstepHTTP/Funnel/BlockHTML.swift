import DoorstepFlow
import Foundation

/// The HTML of each kind of block: content, inputs labelled and tied to their errors, and blocks
/// that carry an action (cards, resend links).
struct BlockHTML {
    let engine: FlowEngine
    let now: Date
    /// The actions showing on the screen, for blocks that draw one.
    let actions: [Action]

    // swiftlint:disable:next cyclomatic_complexity
    func html(for block: Block, isFirstHeading: Bool) -> String {
        switch block.kind {
        case .heading:
            let tag = isFirstHeading ? "h1" : "h2"
            return "<\(tag) class=\"\(textClasses(block, role: "title"))\">\(text(block))</\(tag)>"
        case .text:
            return "<p class=\"\(textClasses(block, role: "body"))\">\(text(block))</p>"
        case .symbol:
            let badge = block.badge.map { " badge-\(HTML.token($0))" } ?? ""
            let color = block.color.map { " tinted tint-\(HTML.token($0))" } ?? ""
            return "<div class=\"symbol\(sizeClass(block))\(badge)\(color)\" aria-hidden=\"true\">"
                + "\(SymbolGlyphs.glyph(block.symbol ?? ""))</div>"
        case .orb:
            return "<div class=\"orb\(sizeClass(block))\" aria-hidden=\"true\"><span></span></div>"
        case .narration:
            return narration(block)
        case .divider:
            let label = block.text.map { "<span>\(HTML.escape($0))</span>" } ?? ""
            return "<div class=\"divider role-caption\" role=\"separator\">\(label)</div>"
        case .markdown:
            let source = block.source.flatMap { engine.value($0)?.stringValue } ?? block.text.map(engine.render) ?? ""
            return "<article class=\"markdown\">\(MarkdownHTML.render(source))</article>"
        case .features:
            return features(block)
        case .stats:
            return stats(block)
        case .progress:
            return "<div class=\"loading\" role=\"progressbar\" aria-label=\"Loading\"><span></span></div>"
        case .avatar:
            return InputHTML(engine: engine, block: block, now: now).avatar()
        case .textField, .codeEntry, .password, .checkbox, .stepper, .choiceList, .pills, .voiceAnswer,
            .datePicker, .timePicker, .planCards, .listBuilder:
            return InputHTML(engine: engine, block: block, now: now).html()
        case .card:
            return card(block)
        case .socialButton:
            return action(block).map { Self.actionButton($0, engine: engine, now: now, extraClasses: "social") } ?? ""
        case .resendTimer:
            return resend(block)
        }
    }

    // MARK: - Content

    private func text(_ block: Block) -> String {
        HTML.escape(engine.render(block.text ?? ""))
    }

    private func textClasses(_ block: Block, role: String) -> String {
        var classes = block.style.map { "type-\(HTML.token($0))" } ?? "role-\(role)"
        if let color = block.color { classes += " color-\(HTML.token(color))" }
        return classes
    }

    private func sizeClass(_ block: Block) -> String {
        block.size.map { " size-\(Int($0))" } ?? ""
    }

    private func narration(_ block: Block) -> String {
        var html = "<div class=\"narration \(textClasses(block, role: "title"))\" data-narration>"
        var index = 0
        for line in block.lines ?? [] {
            html += "<p>"
            for word in line.split(separator: " ") {
                html += "<span class=\"word\" data-word=\"\(index)\">\(HTML.escape(String(word)))</span> "
                index += 1
            }
            html += "</p>"
        }
        return html + "</div>"
    }

    private func features(_ block: Block) -> String {
        let rows = (block.items ?? []).map { item in
            "<li><span class=\"feature-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph(item.symbol ?? ""))</span>"
                + "<span><strong class=\"role-heading\">\(HTML.escape(item.title))</strong>"
                + (item.detail.map { "<span class=\"role-caption color-textSecondary\">\(HTML.escape($0))</span>" }
                    ?? "")
                + "</span></li>"
        }
        return "<ul class=\"features\">\(rows.joined())</ul>"
    }

    private func stats(_ block: Block) -> String {
        let figures = (block.items ?? []).map { item in
            let symbol = item.symbol.map { "<span aria-hidden=\"true\">\(SymbolGlyphs.glyph($0))</span> " } ?? ""
            return "<div><dt class=\"role-title\">\(symbol)\(HTML.escape(item.title))</dt>"
                + "<dd class=\"role-caption color-textSecondary\">\(HTML.escape(item.detail ?? ""))</dd></div>"
        }
        return "<dl class=\"stats\">\(figures.joined())</dl>"
    }

    // MARK: - Blocks with actions

    private func action(_ block: Block) -> Action? {
        block.action.flatMap { id in actions.first { $0.id == id } }
    }

    private func card(_ block: Block) -> String {
        guard let action = action(block) else { return "" }
        var html =
            "<button type=\"submit\" name=\"_action\" value=\"\(HTML.escape(action.id))\" class=\"card\" formnovalidate>"
        html += "<span class=\"card-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph(block.symbol ?? ""))</span>"
        html += "<span class=\"card-text\"><span class=\"card-title role-heading\">"
        html += HTML.escape(block.label ?? action.title ?? "") + "</span>"
        if let badge = block.badge { html += " <span class=\"badge role-caption\">\(HTML.escape(badge))</span>" }
        html += "<span class=\"role-label color-textSecondary\">\(text(block))</span></span></button>"
        return html
    }

    private func resend(_ block: Block) -> String {
        guard let action = action(block) else { return "" }
        let prompt = block.text.map { "<span>\(HTML.escape($0))</span> " } ?? ""
        let button = Self.actionButton(action, engine: engine, now: now, extraClasses: "")
        return "<p class=\"resend \(textClasses(block, role: "caption"))\">\(prompt)\(button)</p>"
    }

    /// A submit button for an action: its role's style, its loading title for script to show, and —
    /// for an action waiting out a cooldown — disabled with the seconds left, which script counts down.
    /// A primary button names the answers it needs (`data-requires`): script keeps it disabled until
    /// they are complete, as the engine does in the app; without script the server says what is missing.
    static func actionButton(_ action: Action, engine: FlowEngine, now: Date, extraClasses: String) -> String {
        var classes = "action action-\(action.role.rawValue) role-button"
        if !extraClasses.isEmpty { classes += " " + extraClasses }
        let required = Set(action.requires ?? [])
        let needed = engine.fieldsChecked(by: action).filter {
            $0.isRequired || $0.mustBeTrue == true || required.contains($0.id)
        }
        var attributes = HTML.attributes([
            "type": "submit", "name": "_action", "value": action.id, "class": classes,
            "data-loading": action.loadingTitle,
            "data-requires": action.role == .primary && !needed.isEmpty
                ? needed.map(\.id).joined(separator: " ") : nil,
            "formnovalidate": "",
        ])
        let title = action.title ?? (action.isBackward ? "Back" : "Continue")
        var label = HTML.escape(title)
        if let cooldown = action.cooldown, let last = engine.snapshot.effectTimes[cooldown.effect] {
            let remaining = ResendCountdown(sentAt: last, seconds: cooldown.seconds).remaining(at: now)
            if remaining > 0 {
                attributes += HTML.attributes([
                    "disabled": "", "data-countdown": String(remaining), "data-title": title,
                ])
                label = HTML.escape("\(title) in \(remaining)s")
            }
        }
        guard let symbol = action.symbol else { return "<button\(attributes)><span>\(label)</span></button>" }
        let glyph = "<span class=\"action-symbol\" aria-hidden=\"true\">\(SymbolGlyphs.glyph(symbol))</span>"
        if action.placement == .navLeading, ["Back", "Close"].contains(title) {
            return "<button\(attributes) aria-label=\"\(HTML.escape(title))\">\(glyph)</button>"
        }
        let trailing = symbol.hasPrefix("chevron.right")
        return "<button\(attributes)>"
            + (trailing ? "<span>\(label)</span> \(glyph)" : "\(glyph) <span>\(label)</span>")
            + "</button>"
    }
}

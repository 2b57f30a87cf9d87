import DoorstepHTTP
import DoorstepPresentation

/// A submit button for an action: its role's style, its loading title for script to show, and — for
/// an action waiting out a cooldown — disabled with the seconds left, which script counts down. A
/// primary button names the answers it needs (`data-requires`): script keeps it disabled until they
/// are complete, as the app does; without script the server says what is missing.
enum ActionHTML {
    static func button(_ action: ActionPresentation, classes extraClasses: String) -> String {
        var classes = "action action-\(action.role.rawValue) role-button"
        if !extraClasses.isEmpty { classes += " " + extraClasses }
        var attributes = HTML.attributes([
            "type": "submit", "name": FormControl.action.rawValue, "value": action.id, "class": classes,
            "data-loading": action.loadingTitle,
            "data-requires": action.requiredFields.isEmpty ? nil : action.requiredFields.joined(separator: " "),
            "formnovalidate": "",
            // A passkey button shows only once script finds the browser can make or use passkeys.
            "data-passkey": action.passkey?.rawValue, "hidden": action.passkey == nil ? nil : "",
            "data-picks-image": action.picksImage ? "" : nil,
        ])
        if let countdown = action.countdown {
            attributes += HTML.attributes([
                "disabled": "", "data-countdown": String(countdown), "data-title": action.baseTitle,
                "data-waiting": action.waitingTitle,
            ])
        }
        let label = HTML.escape(action.title)
        guard let symbol = action.symbol, let placement = action.symbolPlacement else {
            return "<button\(attributes)><span>\(label)</span></button>"
        }
        // An arrow that points back or forward mirrors on a page read right to left.
        let direction = DirectionalSymbol.drawn(symbol) == symbol ? "" : " directional"
        let glyph =
            "<span class=\"action-symbol\(direction)\" aria-hidden=\"true\">\(SymbolGlyphs.glyph(symbol))</span>"
        switch placement {
        case .only:
            return "<button\(attributes) aria-label=\"\(HTML.escape(action.baseTitle))\">\(glyph)</button>"
        case .trailing:
            return "<button\(attributes)><span>\(label)</span> \(glyph)</button>"
        case .leading:
            return "<button\(attributes)>\(glyph) <span>\(label)</span></button>"
        }
    }
}

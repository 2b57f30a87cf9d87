import DoorstepHTTP

/// What the web draws for the SF Symbol names flows use: an inline SVG icon from the Lucide set (ISC
/// licence, `Assets/LICENSE-lucide.txt`), inline so the page's `default-src 'self'` policy holds and
/// no request is made. Google's mark, which Lucide does not draw, is a "G" in a ring. Unknown names
/// draw a small dot rather than nothing, so a layout never collapses.
enum SymbolGlyphs {
    /// The icon for an SF Symbol name, sized to the surrounding text and coloured like it.
    static func glyph(_ symbol: String) -> String {
        let elements = lucideName(symbol).flatMap { LucideIcons.elements[$0] } ?? customElements[symbol]
        return svg(elements ?? LucideIcons.elements["dot"] ?? "")
    }

    /// The Lucide icon drawn for an SF Symbol name: the name itself, then the name without its last
    /// parts, one at a time (`users` for `person.3.fill`, `bell` for `bell.slash`).
    static func lucideName(_ symbol: String) -> String? {
        var parts = symbol.split(separator: ".")
        while !parts.isEmpty {
            if let name = lucideNames[parts.joined(separator: ".")] { return name }
            parts.removeLast()
        }
        return nil
    }

    private static func svg(_ elements: String) -> String {
        "<svg class=\"icon\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"1em\" height=\"1em\" "
            + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" "
            + "stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">\(elements)</svg>"
    }

    private static let customElements: [String: String] = [
        "g.circle.fill": "<circle cx=\"12\" cy=\"12\" r=\"10\"/>"
            + "<path d=\"M16 12h-4M16 12a4 4 0 1 1-1.2-2.85\"/>"
    ]

    private static let lucideNames: [String: String] = [
        "apple.logo": "apple", "envelope": "mail", "envelope.badge": "mail", "icloud": "cloud",
        "basket": "shopping-basket", "square.3.layers.3d": "layers", "person": "user", "house": "house",
        "checklist": "list-checks", "sparkles": "sparkles", "logo": "sparkle", "telescope": "telescope",
        "list.bullet.rectangle": "clipboard-list", "bubble.left.and.bubble.right": "messages-square",
        "heart": "heart", "star": "star", "calendar": "calendar", "clock": "clock", "location": "map-pin",
        "shield": "shield", "shield.lefthalf.filled": "shield-half", "shield.checkered": "shield-check",
        "faceid": "scan-face", "checkmark.circle.fill": "circle-check", "checkmark": "check",
        "checkmark.seal": "badge-check", "chevron.left": "chevron-left", "chevron.right": "chevron-right",
        "bell": "bell", "bell.badge": "bell-dot", "bell.badge.fill": "bell-dot", "person.3": "users",
        "person.2": "users", "xmark": "x", "camera": "camera", "person.crop.circle": "circle-user", "mic": "mic",
        "lock": "lock", "party.popper": "party-popper", "hand.wave": "hand", "figure.run": "footprints",
        "dumbbell": "dumbbell", "target": "target", "flame": "flame", "moon.stars": "moon-star", "sun.max": "sun",
        "chart.line.uptrend.xyaxis": "trending-up", "gift": "gift", "key": "key", "person.badge.key": "key-round",
        "person.fill": "user", "plus": "plus", "pencil": "pencil",
    ]
}

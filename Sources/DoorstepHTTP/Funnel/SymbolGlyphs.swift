/// What the web draws for the SF Symbol names flows use: a glyph every browser has. Unknown names
/// draw a neutral dot rather than nothing, so a layout never collapses.
enum SymbolGlyphs {
    static func glyph(_ symbol: String) -> String {
        if let exact = glyphs[symbol] { return exact }
        let base = symbol.split(separator: ".").first.map(String.init) ?? symbol
        return glyphs[base] ?? "•"
    }

    private static let glyphs: [String: String] = [
        "apple.logo": "\u{F8FF}", "g.circle.fill": "G", "envelope": "✉️", "envelope.fill": "✉️",
        "envelope.badge": "📬", "icloud": "☁️", "icloud.fill": "☁️", "basket": "🧺", "square.3.layers.3d": "🗂️",
        "person": "👤", "house": "🏠", "checklist": "✅", "sparkles": "✨", "logo": "✦", "telescope": "🔭",
        "list.bullet.rectangle": "📋", "bubble.left.and.bubble.right": "💬", "heart": "❤️", "star.fill": "★",
        "calendar": "📅", "clock": "🕐", "location": "📍", "shield": "🛡️", "shield.lefthalf.filled": "🛡️",
        "shield.checkered": "🛡️", "faceid": "🙂", "checkmark.circle.fill": "✔️", "checkmark": "✓",
        "chevron.left": "‹", "chevron.right": "›", "bell.badge.fill": "🔔", "checkmark.seal": "✅",
        "person.3.fill": "👪", "xmark": "✕", "camera": "📷", "person.crop.circle": "👤", "bell": "🔔",
        "bell.badge": "🔔", "mic": "🎙️", "lock": "🔒", "party.popper": "🎉", "hand.wave": "👋",
        "figure.run": "🏃", "dumbbell": "🏋️", "target": "🎯", "flame": "🔥", "moon.stars": "🌙", "sun.max": "☀️",
        "chart.line.uptrend.xyaxis": "📈", "gift": "🎁", "key": "🔑", "person.badge.key": "🔑", "person.2": "👥",
        "person.3": "👪",
    ]
}

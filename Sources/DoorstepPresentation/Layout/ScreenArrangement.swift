/// Where a screen's blocks sit, when the specs draw them other than from the top.
public enum ScreenArrangement: Sendable, Hashable, Codable {
    /// Centred in the screen, words centred: heroes, splashes, celebrations, permission asks — screens
    /// that ask nothing and lead with a symbol or an orb.
    case centered
    /// The symbol floats in the middle and the words sit in the bottom `fraction` of the screen:
    /// FamilySync's carousel slides ("content anchored to the bottom 40 %").
    case bottomAnchored(fraction: Double)

    /// The arrangement of a screen's blocks; nil reads from the top, as forms do.
    static func of(template: String?, blocks: [BlockPresentation]) -> ScreenArrangement? {
        guard let first = blocks.first?.content, blocks.allSatisfy(\.content.isDisplayOnly) else { return nil }
        switch first {
        case .symbol(let symbol) where template == "carouselSlide" && symbol.tile == .glass:
            return .bottomAnchored(fraction: 0.4)
        case .symbol, .orb:
            return .centered
        default:
            return nil
        }
    }
}

/// The shape a symbol is drawn on.
public enum SymbolTile: String, Sendable, Hashable, Codable {
    /// A frosted-glass squircle (FamilySync's slides).
    case glass
    /// A circle filled with the tint, the symbol white on it, ringed by a soft glow: a celebration's
    /// check mark (TANDA's "You're In!").
    case filledCircle

    /// The tile for a symbol block: its badge when it names one, a filled circle for a bare check mark
    /// that scales in as a celebration.
    static func of(symbol: String, badge: String?, animation: AnimationIntent?) -> SymbolTile? {
        if let badge { return SymbolTile(rawValue: badge) }
        return symbol == "checkmark" && animation == .scaleIn ? .filledCircle : nil
    }
}

extension BlockContent {
    /// Whether the block only shows something: no answer, no button.
    var isDisplayOnly: Bool {
        switch self {
        case .heading, .text, .symbol, .orb, .narration, .divider, .markdown, .features, .stats, .loading:
            return true
        default:
            return false
        }
    }
}

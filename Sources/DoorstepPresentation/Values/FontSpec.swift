import DoorstepFlow

/// A font resolved from the theme's type scale: what SwiftUI's `Font.custom(_:size:relativeTo:)` or
/// `.system(size:weight:)` and CSS need, with the Dynamic Type style it scales with.
public struct FontSpec: Sendable, Hashable, Codable {
    /// Weights the type scale may name.
    public enum Weight: String, Sendable, Hashable, Codable {
        case light, regular, medium, semibold, bold
    }

    /// The Dynamic Type styles a font scales with, as SwiftUI names them.
    public enum ScalingStyle: String, Sendable, Hashable, Codable {
        case largeTitle, title, headline, body, subheadline, footnote, caption
    }

    /// The family, or `nil` for the system font.
    public var family: String?
    /// Size in points at the default Dynamic Type size.
    public var size: Double
    /// Weight.
    public var weight: Weight
    /// Line height as a multiple of the size, when the scale sets one.
    public var lineHeight: Double?
    /// Letter spacing in em, when the scale sets one.
    public var tracking: Double?
    /// Whether the text is set in capitals.
    public var uppercase: Bool
    /// The Dynamic Type style the size scales with.
    public var scalesWith: ScalingStyle

    /// Creates a font.
    public init(
        family: String? = nil, size: Double, weight: Weight, lineHeight: Double? = nil, tracking: Double? = nil,
        uppercase: Bool = false, scalesWith: ScalingStyle
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.uppercase = uppercase
        self.scalesWith = scalesWith
    }

    /// Extra space between lines in points, for SwiftUI's `lineSpacing`.
    public var lineSpacing: Double {
        guard let lineHeight else { return 0 }
        return max(0, (lineHeight - 1) * size)
    }

    /// Letter spacing in points, for SwiftUI's `tracking`.
    public var trackingPoints: Double { (tracking ?? 0) * size }
}

/// How a run of text looks: its type-scale token and colour role (for CSS classes), and the resolved
/// font and colour (for native drawing).
public struct TextLook: Sendable, Hashable, Codable {
    /// The style name the block asked for (`heading.l`), or `nil` when it follows its role.
    public var style: String?
    /// The text role it follows when it names no style (`title`, `body`, `caption`…).
    public var role: String
    /// The colour role the block asked for, or `nil` for the role's own colour.
    public var colorRole: String?
    /// The resolved font.
    public var font: FontSpec
    /// The resolved colour.
    public var color: ColorPair
}

/// A run of text and how it looks.
public struct StyledText: Sendable, Hashable, Codable {
    /// The words, placeholders filled.
    public var text: String
    /// How they look.
    public var look: TextLook
}

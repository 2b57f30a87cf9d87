import DoorstepFlow

/// The flow's theme resolved for drawing: every colour role as a colour, the spacing and radius
/// scales in points, and the font family. Renderers read these, never raw tokens.
public struct ThemePresentation: Sendable, Hashable, Codable {
    /// The theme's name, such as `TANDA`.
    public var name: String
    /// Whether the flow is drawn dark (when it does not follow the device).
    public var isDark: Bool
    /// Whether the flow follows the device's light or dark setting; its colours then differ by
    /// appearance, and a renderer must not force either.
    public var followsSystem: Bool = false
    /// Colour roles (`background`, `accent`…) resolved.
    public var colors: [String: ColorPair]
    /// Spacing steps in points.
    public var spacing: [String: Double]
    /// Corner radii in points; `full` is a capsule.
    public var radius: [String: Double]
    /// The font family, or `nil` for the system font.
    public var fontFamily: String?

    /// The colour of a role, or black when the theme lacks it (the theme linter refuses such themes).
    public func color(_ role: String) -> ColorPair {
        colors[role] ?? ColorPair(.black)
    }

    /// A spacing step in points, or `fallback`.
    public func spacing(_ step: String, fallback: Double = 16) -> Double {
        spacing[step] ?? fallback
    }

    /// A radius in points, or `fallback`.
    public func radius(_ name: String, fallback: Double = 12) -> Double {
        radius[name] ?? fallback
    }
}

/// Reads a flow's ``Theme`` into resolved colours and fonts.
public struct ThemeResolver: Sendable {
    /// The theme read.
    public let theme: Theme

    /// Creates a resolver for `theme`.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// The theme resolved for drawing.
    public var presentation: ThemePresentation {
        var colors: [String: ColorPair] = [:]
        for role in theme.colors.keys { colors[role] = color(role) }
        return ThemePresentation(
            name: theme.name, isDark: theme.appearance == .dark, followsSystem: theme.appearance == .system,
            colors: colors, spacing: theme.spacing, radius: theme.radius, fontFamily: theme.fontFamily)
    }

    /// A colour role, palette name or hex colour, in light and dark mode.
    public func color(_ name: String) -> ColorPair {
        ColorPair(light: rgba(name, dark: false), dark: rgba(name, dark: true))
    }

    /// A colour that differs by appearance, such as an Aurora orb's.
    public func color(light: String, dark: String) -> ColorPair {
        ColorPair(light: rgba(light), dark: rgba(dark))
    }

    private func rgba(_ name: String, dark: Bool = false) -> RGBA {
        if let hex = theme.color(name, dark: dark), let color = RGBA(hex: hex) { return color }
        return RGBA(hex: name) ?? .black
    }

    /// How text looks: the block's style when it names one, else its role's; its colour role when it
    /// names one, else the role's usual colour.
    public func look(style: String?, role: String, colorRole: String?) -> TextLook {
        let typeStyle =
            style.flatMap(theme.textStyle) ?? theme.textStyle(role) ?? TypeStyle(size: 17, weight: "regular")
        let font = FontSpec(
            family: theme.fontFamily, size: typeStyle.size,
            weight: FontSpec.Weight(rawValue: typeStyle.weight) ?? .regular,
            lineHeight: typeStyle.lineHeight, tracking: typeStyle.tracking, uppercase: typeStyle.uppercase ?? false,
            scalesWith: Self.scaling[role] ?? .body)
        let colorName = colorRole ?? Self.roleColors[role] ?? "textPrimary"
        return TextLook(style: style, role: role, colorRole: colorRole, font: font, color: color(colorName))
    }

    /// The colour each text role is drawn in unless a block says otherwise.
    static let roleColors = [
        "display": "textPrimary", "title": "textPrimary", "heading": "textPrimary", "body": "textSecondary",
        "label": "textPrimary", "caption": "textSecondary", "button": "onAccent", "input": "textPrimary",
    ]

    /// The Dynamic Type style each text role scales with.
    static let scaling: [String: FontSpec.ScalingStyle] = [
        "display": .largeTitle, "title": .title, "heading": .headline, "body": .body, "label": .subheadline,
        "caption": .caption, "button": .headline, "input": .body,
    ]
}

/// Design tokens: the palette, semantic colour roles, type scale, spacing, radii and backgrounds an
/// app is drawn with. Renderers never use a raw value; they ask the theme.
public struct Theme: Codable, Sendable, Hashable {
    /// Whether the flow is drawn light or dark, or follows the device's setting.
    public enum Appearance: String, Codable, Sendable, Hashable {
        case light, dark
        /// Light or dark as the person's device is set: ``Theme/colors`` by day, ``Theme/darkColors``
        /// over them by night.
        case system
    }

    /// The theme's name, such as `TANDA`.
    public var name: String
    /// Light or dark.
    public var appearance: Appearance
    /// Primitive colours by name, as `#RRGGBB` (or `#RRGGBBAA`).
    public var palette: [String: String]
    /// Semantic roles (``Theme/requiredColorRoles``) to a palette name or a hex colour.
    public var colors: [String: String]
    /// For a theme that follows the device (``Appearance/system``): each colour role in dark mode, as
    /// a palette name or a hex colour. Every required role has one.
    public var darkColors: [String: String]?
    /// The type scale, by the app's own style names (`heading.l`, `paragraph.m`).
    public var typography: [String: TypeStyle]
    /// Semantic text roles (``Theme/requiredTextRoles``) to a style name of ``typography``.
    public var textRoles: [String: String]
    /// Spacing steps in points.
    public var spacing: [String: Double]
    /// Corner radii in points; `full` is a capsule.
    public var radius: [String: Double]
    /// Named backgrounds screens can ask for.
    public var backgrounds: [String: Background]?
    /// The font family, where the app has its own.
    public var fontFamily: String?

    /// Creates a theme.
    public init(
        name: String, appearance: Appearance, palette: [String: String], colors: [String: String],
        typography: [String: TypeStyle], textRoles: [String: String], spacing: [String: Double],
        radius: [String: Double],
        backgrounds: [String: Background]? = nil, fontFamily: String? = nil, darkColors: [String: String]? = nil
    ) {
        self.name = name
        self.appearance = appearance
        self.palette = palette
        self.colors = colors
        self.darkColors = darkColors
        self.typography = typography
        self.textRoles = textRoles
        self.spacing = spacing
        self.radius = radius
        self.backgrounds = backgrounds
        self.fontFamily = fontFamily
    }

    /// Colour roles every theme defines.
    public static let requiredColorRoles = [
        "background", "surface", "textPrimary", "textSecondary", "textTertiary", "accent", "onAccent",
        "border", "danger", "success", "warning",
    ]
    /// The role for text drawn in the accent colour (a link, a text button): `link` where the theme
    /// gives one, for an accent that reads too faintly as text on the background, else `accent`.
    public var linkRole: String { colors["link"] != nil ? "link" : "accent" }

    /// Text roles every theme defines; renderers use them where a block names no style.
    public static let requiredTextRoles = [
        "display", "title", "heading", "body", "label", "caption", "button", "input",
    ]
    /// Spacing steps every theme defines.
    public static let requiredSpacing = ["xs", "sm", "md", "lg", "xl"]
    /// Radii every theme defines.
    public static let requiredRadius = ["sm", "md", "lg", "full"]

    /// The text style of a style name or a text role.
    public func textStyle(_ name: String) -> TypeStyle? {
        typography[name] ?? textRoles[name].flatMap { typography[$0] }
    }

    /// The hex colour of a role or palette name, following one level of palette reference.
    public func color(_ name: String) -> String? {
        color(name, dark: false)
    }

    /// The hex colour of a role or palette name in light or dark mode: a theme that follows the device
    /// takes a role's dark value from ``darkColors`` at night; any other has one colour per role.
    public func color(_ name: String, dark: Bool) -> String? {
        let roles = dark && appearance == .system ? colors.merging(darkColors ?? [:]) { $1 } : colors
        if let role = roles[name] {
            return role.hasPrefix("#") ? role : palette[role]
        }
        return palette[name]
    }
}

/// A text style of the type scale.
public struct TypeStyle: Codable, Sendable, Hashable {
    /// Size in points.
    public var size: Double
    /// Weight: `regular`, `medium`, `semibold` or `bold`.
    public var weight: String
    /// Line height as a multiple of the size.
    public var lineHeight: Double?
    /// Letter spacing in em.
    public var tracking: Double?
    /// Whether the text is set in capitals.
    public var uppercase: Bool?

    /// Creates a text style.
    public init(size: Double, weight: String, lineHeight: Double? = nil) {
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
    }

    /// Weights a style may name.
    public static let weights = ["light", "regular", "medium", "semibold", "bold"]
}

/// A background drawn behind a screen: a solid colour, a gradient, or blurred Aurora orbs.
public struct Background: Codable, Sendable, Hashable {
    /// How the background is drawn.
    public enum Kind: String, Codable, Sendable, Hashable {
        case solid, gradient, aurora
    }

    /// How it is drawn.
    public var kind: Kind
    /// Colours (palette names or hex) of a solid or gradient background.
    public var colors: [String]?
    /// The orbs of an Aurora background.
    public var orbs: [Orb]?
    /// Blur radius of the orbs in points.
    public var blur: Double?
    /// Opacity of the unifying overlay, from 0 to 1.
    public var overlayOpacity: Double?

    /// Creates a background.
    public init(kind: Kind, colors: [String]? = nil, orbs: [Orb]? = nil) {
        self.kind = kind
        self.colors = colors
        self.orbs = orbs
    }
}

/// One blurred orb of an Aurora background.
public struct Orb: Codable, Sendable, Hashable {
    /// Colour in light mode (palette name or hex).
    public var light: String
    /// Colour in dark mode (palette name or hex).
    public var dark: String
    /// Where it sits: `topLeading`, `topTrailing`, `center`, `bottomLeading`, `bottomTrailing`, `bottom`.
    public var position: String
    /// How strongly it shows, from 0 to 1.
    public var opacity: Double?

    /// Creates an orb.
    public init(light: String, dark: String, position: String, opacity: Double? = nil) {
        self.light = light
        self.dark = dark
        self.position = position
        self.opacity = opacity
    }
}

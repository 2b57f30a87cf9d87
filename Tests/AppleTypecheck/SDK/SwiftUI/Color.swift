// Colours, shape styles and gradients. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

/// https://developer.apple.com/documentation/swiftui/color
public struct Color: Hashable, Sendable, ShapeStyle {
    /// https://developer.apple.com/documentation/swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB
        case sRGBLinear
        case displayP3
    }

    /// https://developer.apple.com/documentation/swiftui/color/init(_:red:green:blue:opacity:)
    public init(
        _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/color/init(uicolor:)
    public init(uiColor: UIColor) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/color/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { fatalError() }

    public static var clear: Color { fatalError() }
    public static var black: Color { fatalError() }
    public static var white: Color { fatalError() }
    public static var accentColor: Color { fatalError() }
    public static var primary: Color { fatalError() }
    public static var secondary: Color { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/color/red
    public static var red: Color { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/color/gradient
    public var gradient: AnyGradient { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/anygradient
public struct AnyGradient: Hashable, ShapeStyle, Sendable {}

/// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
public struct HierarchicalShapeStyle: ShapeStyle {
    public static var primary: HierarchicalShapeStyle { fatalError() }
    public static var secondary: HierarchicalShapeStyle { fatalError() }
    public static var tertiary: HierarchicalShapeStyle { fatalError() }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/secondary
    public static var secondary: HierarchicalShapeStyle { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/shapestyle/tertiary
    public static var tertiary: HierarchicalShapeStyle { fatalError() }
}

extension ShapeStyle where Self == Color {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/clear
    public static var clear: Color { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/material
public struct Material: ShapeStyle {
    public static var ultraThinMaterial: Material { fatalError() }
    public static var thinMaterial: Material { fatalError() }
    public static var regularMaterial: Material { fatalError() }
}

extension ShapeStyle where Self == Material {
    /// https://developer.apple.com/documentation/swiftui/shapestyle/ultrathinmaterial
    public static var ultraThinMaterial: Material { fatalError() }
    /// https://developer.apple.com/documentation/swiftui/shapestyle/regularmaterial
    public static var regularMaterial: Material { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/unitpoint
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { fatalError() }
    public static var center: UnitPoint { fatalError() }
    public static var leading: UnitPoint { fatalError() }
    public static var trailing: UnitPoint { fatalError() }
    public static var top: UnitPoint { fatalError() }
    public static var bottom: UnitPoint { fatalError() }
    public static var topLeading: UnitPoint { fatalError() }
    public static var topTrailing: UnitPoint { fatalError() }
    public static var bottomLeading: UnitPoint { fatalError() }
    public static var bottomTrailing: UnitPoint { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/lineargradient
public struct LinearGradient: ShapeStyle {
    /// https://developer.apple.com/documentation/swiftui/lineargradient/init(colors:startpoint:endpoint:)
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/radialgradient
public struct RadialGradient: ShapeStyle {
    /// https://developer.apple.com/documentation/swiftui/radialgradient/init(colors:center:startradius:endradius:)
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/colorscheme
public enum ColorScheme: CaseIterable, Hashable, Sendable {
    case light
    case dark
}

extension Color: View {
    public var body: Never { fatalError() }
}

extension LinearGradient: View {
    public var body: Never { fatalError() }
}

extension RadialGradient: View {
    public var body: Never { fatalError() }
}

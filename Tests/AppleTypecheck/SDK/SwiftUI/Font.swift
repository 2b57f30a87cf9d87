// Fonts. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/font
public struct Font: Hashable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/font/textstyle
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle
        case title
        case title2
        case title3
        case headline
        case subheadline
        case body
        case callout
        case footnote
        case caption
        case caption2
    }

    /// https://developer.apple.com/documentation/swiftui/font/weight
    public struct Weight: Hashable, Sendable {
        public static var ultraLight: Weight { fatalError() }
        public static var thin: Weight { fatalError() }
        public static var light: Weight { fatalError() }
        public static var regular: Weight { fatalError() }
        public static var medium: Weight { fatalError() }
        public static var semibold: Weight { fatalError() }
        public static var bold: Weight { fatalError() }
        public static var heavy: Weight { fatalError() }
        public static var black: Weight { fatalError() }
    }

    /// https://developer.apple.com/documentation/swiftui/font/design
    public enum Design: Hashable, Sendable {
        case `default`
        case serif
        case rounded
        case monospaced
    }

    public static var largeTitle: Font { fatalError() }
    public static var title: Font { fatalError() }
    public static var title2: Font { fatalError() }
    public static var title3: Font { fatalError() }
    public static var headline: Font { fatalError() }
    public static var subheadline: Font { fatalError() }
    public static var body: Font { fatalError() }
    public static var callout: Font { fatalError() }
    public static var footnote: Font { fatalError() }
    public static var caption: Font { fatalError() }
    public static var caption2: Font { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/font/system(size:weight:design:)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/font/system(_:design:weight:)
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/font/custom(_:size:)
    public static func custom(_ name: String, size: CGFloat) -> Font { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/font/custom(_:size:relativeto:)
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: Font.TextStyle) -> Font {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/font/weight(_:)
    public func weight(_ weight: Font.Weight) -> Font { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/font/bold()
    public func bold() -> Font { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/font/monospaceddigit()
    public func monospacedDigit() -> Font { fatalError() }
}

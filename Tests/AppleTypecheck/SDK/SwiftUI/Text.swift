// Text and its own modifiers: those that return `Text` can be joined with `+`, which takes two `Text`s
// and nothing else. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/localizedstringkey
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    public init(_ value: String) { fatalError() }
    public init(stringLiteral value: String) { fatalError() }
    public init(stringInterpolation: StringInterpolation) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
        public mutating func appendLiteral(_ literal: String) { fatalError() }
        public mutating func appendInterpolation(_ string: String) { fatalError() }
        public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable { fatalError() }
        public mutating func appendInterpolation(_ text: Text) { fatalError() }
    }
}

/// The integers and floating-point numbers a localized string interpolates with a format specifier.
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

/// https://developer.apple.com/documentation/swiftui/text
public struct Text: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/init(_:)-1a4oh
    public init(_ attributedContent: AttributedString) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/+(_:_:)
    public static func + (lhs: Text, rhs: Text) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/font(_:)
    public func font(_ font: Font?) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/fontweight(_:)
    public func fontWeight(_ weight: Font.Weight?) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/bold()
    public func bold() -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/italic()
    public func italic() -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/underline(_:color:)
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/foregroundstyle(_:)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/foregroundcolor(_:)
    public func foregroundColor(_ color: Color?) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/tracking(_:)
    public func tracking(_ tracking: CGFloat) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/kerning(_:)
    public func kerning(_ kerning: CGFloat) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/baselineoffset(_:)
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/monospaceddigit()
    public func monospacedDigit() -> Text { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/text/case
    public enum Case: Hashable, Sendable {
        case uppercase
        case lowercase
    }
}

extension Text: View {
    public var body: Never { fatalError() }
}

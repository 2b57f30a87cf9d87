// Modifiers that set fonts, colours, text layout and the colour scheme. Bodies are never run.

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/fontweight(_:)
    nonisolated public func fontWeight(_ weight: Font.Weight?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/bold(_:)
    nonisolated public func bold(_ isActive: Bool = true) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/tracking(_:)
    nonisolated public func tracking(_ tracking: CGFloat) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/linespacing(_:)
    nonisolated public func lineSpacing(_ lineSpacing: CGFloat) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/textcase(_:)
    nonisolated public func textCase(_ textCase: Text.Case?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/monospaceddigit()
    nonisolated public func monospacedDigit() -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/linelimit(_:)-513mb
    nonisolated public func lineLimit(_ number: Int?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/linelimit(_:)-7ufty
    nonisolated public func lineLimit(_ limit: ClosedRange<Int>) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/multilinetextalignment(_:)
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/textselection(_:)
    nonisolated public func textSelection<S: TextSelectability>(_ selectability: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/contenttransition(_:)
    nonisolated public func contentTransition(_ transition: ContentTransition) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/tint(_:)-23xyq
    nonisolated public func tint<S: ShapeStyle>(_ tint: S?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/tint(_:)-93mfq
    nonisolated public func tint(_ tint: Color?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/preferredcolorscheme(_:)
    nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/environment(_:)
    nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/textalignment
@frozen public enum TextAlignment: CaseIterable, Hashable, Sendable {
    case leading
    case center
    case trailing
}

/// https://developer.apple.com/documentation/swiftui/textselectability
public protocol TextSelectability {}

/// https://developer.apple.com/documentation/swiftui/enabledtextselectability
public struct EnabledTextSelectability: TextSelectability {}

extension TextSelectability where Self == EnabledTextSelectability {
    /// https://developer.apple.com/documentation/swiftui/textselectability/enabled
    public static var enabled: EnabledTextSelectability { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/contenttransition
public struct ContentTransition: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/contenttransition/numerictext(countsdown:)
    public static func numericText(countsDown: Bool = false) -> ContentTransition { fatalError() }

    public static var opacity: ContentTransition { fatalError() }
    public static var identity: ContentTransition { fatalError() }
}

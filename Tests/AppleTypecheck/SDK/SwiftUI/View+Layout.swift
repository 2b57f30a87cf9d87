// Modifiers that size, place, draw and clip a view. Each is `nonisolated` and returns `some View`, so only
// another view modifier, never `+`, can follow it. Bodies are never run.

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/fixedsize()
    nonisolated public func fixedSize() -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/padding(_:)-68shk
    nonisolated public func padding(_ length: CGFloat) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/offset(x:y:)
    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/position(_:)
    nonisolated public func position(_ position: CGPoint) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/scaleeffect(_:anchor:)-7q7as
    nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    nonisolated public func opacity(_ opacity: Double) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/blur(radius:opaque:)
    nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:)
    nonisolated public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/background(_:alignment:)
    nonisolated public func background<Background: View>(_ background: Background, alignment: Alignment = .center)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
    nonisolated public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    nonisolated public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)
    nonisolated public func background<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    ) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/overlay(_:alignment:)
    nonisolated public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View
    {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/clipshape(_:style:)
    nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/contentshape(_:eofill:)
    nonisolated public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/ignoressafearea(_:edges:)
    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/view/allowshittesting(_:)
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/id(_:)
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/scaledtofill()
    nonisolated public func scaledToFill() -> some View { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/view/scaledtofit()
    nonisolated public func scaledToFit() -> some View { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/safearearegions
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var all: SafeAreaRegions { fatalError() }
    public static var container: SafeAreaRegions { fatalError() }
    public static var keyboard: SafeAreaRegions { fatalError() }
}

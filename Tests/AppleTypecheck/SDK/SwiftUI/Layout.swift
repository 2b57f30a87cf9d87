// Stacks, layouts and geometry. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/horizontalalignment
public struct HorizontalAlignment: Equatable, Sendable {
    public static var leading: HorizontalAlignment { fatalError() }
    public static var center: HorizontalAlignment { fatalError() }
    public static var trailing: HorizontalAlignment { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/verticalalignment
public struct VerticalAlignment: Equatable, Sendable {
    public static var top: VerticalAlignment { fatalError() }
    public static var center: VerticalAlignment { fatalError() }
    public static var bottom: VerticalAlignment { fatalError() }
    public static var firstTextBaseline: VerticalAlignment { fatalError() }
    public static var lastTextBaseline: VerticalAlignment { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/alignment
public struct Alignment: Equatable, Sendable {
    public static var center: Alignment { fatalError() }
    public static var leading: Alignment { fatalError() }
    public static var trailing: Alignment { fatalError() }
    public static var top: Alignment { fatalError() }
    public static var bottom: Alignment { fatalError() }
    public static var topLeading: Alignment { fatalError() }
    public static var topTrailing: Alignment { fatalError() }
    public static var bottomLeading: Alignment { fatalError() }
    public static var bottomTrailing: Alignment { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/edge
@frozen public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top
    case leading
    case bottom
    case trailing

    /// https://developer.apple.com/documentation/swiftui/edge/set
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static var top: Edge.Set { fatalError() }
        public static var leading: Edge.Set { fatalError() }
        public static var bottom: Edge.Set { fatalError() }
        public static var trailing: Edge.Set { fatalError() }
        public static var all: Edge.Set { fatalError() }
        public static var horizontal: Edge.Set { fatalError() }
        public static var vertical: Edge.Set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/swiftui/axis
@frozen public enum Axis: Int8, CaseIterable, Hashable, Sendable {
    case horizontal
    case vertical

    /// https://developer.apple.com/documentation/swiftui/axis/set
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static var horizontal: Axis.Set { fatalError() }
        public static var vertical: Axis.Set { fatalError() }
    }
}

/// https://developer.apple.com/documentation/swiftui/hstack
@MainActor @preconcurrency
public struct HStack<Content: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    nonisolated public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/vstack
@MainActor @preconcurrency
public struct VStack<Content: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/zstack
@MainActor @preconcurrency
public struct ZStack<Content: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/zstack/init(alignment:content:)
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/spacer
@MainActor @preconcurrency
public struct Spacer: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    nonisolated public init(minLength: CGFloat? = nil) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/scrollview
@MainActor @preconcurrency
public struct ScrollView<Content: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/scrollview/init(_:showsindicators:content:)
    nonisolated public init(
        _ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content
    ) {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/geometryproxy
public struct GeometryProxy {
    /// https://developer.apple.com/documentation/swiftui/geometryproxy/size
    public var size: CGSize { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/geometryreader
@MainActor @preconcurrency
public struct GeometryReader<Content: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/geometryreader/init(content:)
    nonisolated public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/layout
public protocol Layout: Animatable {}

/// https://developer.apple.com/documentation/swiftui/hstacklayout
public struct HStackLayout: Layout {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/vstacklayout
public struct VStackLayout: Layout {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/anylayout
public struct AnyLayout: Layout {
    public init<L: Layout>(_ layout: L) { fatalError() }
}

extension Layout {
    /// https://developer.apple.com/documentation/swiftui/layout/callasfunction(_:)
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View { fatalError() }
}

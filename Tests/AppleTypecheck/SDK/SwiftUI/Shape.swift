// Shapes, and the `.rect`, `.capsule` and `.circle` spellings that modifiers taking a shape accept.
// Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {}

/// https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: Animatable, Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

/// https://developer.apple.com/documentation/swiftui/insettableshape
public protocol InsettableShape: Shape {}

/// https://developer.apple.com/documentation/swiftui/path
public struct Path: Equatable, Sendable {}

extension Shape {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/shape/fill(_:style:)
    nonisolated public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        fatalError()
    }

    /// https://developer.apple.com/documentation/swiftui/shape/stroke(_:linewidth:)
    nonisolated public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/fillstyle
public struct FillStyle: Equatable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/rectangle
public struct Rectangle: Shape {
    public init() { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/roundedrectangle
public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular
    case continuous
}

/// https://developer.apple.com/documentation/swiftui/capsule
public struct Capsule: InsettableShape {
    public init(style: RoundedCornerStyle = .continuous) { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/circle
public struct Circle: InsettableShape {
    public init() { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
}

extension Shape where Self == Rectangle {
    /// https://developer.apple.com/documentation/swiftui/shape/rect
    public static var rect: Rectangle { fatalError() }
}

extension Shape where Self == RoundedRectangle {
    /// https://developer.apple.com/documentation/swiftui/shape/rect(cornerradius:style:)
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        fatalError()
    }
}

extension Shape where Self == Capsule {
    /// https://developer.apple.com/documentation/swiftui/shape/capsule
    public static var capsule: Capsule { fatalError() }
}

extension Shape where Self == Circle {
    /// https://developer.apple.com/documentation/swiftui/shape/circle
    public static var circle: Circle { fatalError() }
}

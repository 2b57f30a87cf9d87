// Images. Bodies are never run.

/// https://developer.apple.com/documentation/swiftui/image
public struct Image: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    public init(systemName: String) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/image/init(_:bundle:)
    public init(_ name: String, bundle: Bundle? = nil) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/image/init(uiimage:)
    public init(uiImage: UIImage) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/image/resizingmode
    public enum ResizingMode: Hashable, Sendable {
        case tile
        case stretch
    }

    /// https://developer.apple.com/documentation/swiftui/image/resizable(capinsets:resizingmode:)
    public func resizable(resizingMode: Image.ResizingMode = .stretch) -> Image { fatalError() }
}

extension Image: View {
    public var body: Never { fatalError() }
}

/// https://developer.apple.com/documentation/swiftui/asyncimage
@MainActor @preconcurrency
public struct AsyncImage<Content: View>: View {
    public var body: Never { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/asyncimage/init(url:scale:content:placeholder:)
    nonisolated public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
        @ViewBuilder placeholder: @escaping () -> P
    ) where Content == _ConditionalContent<I, P> {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/swiftui/imagerenderer
@MainActor @preconcurrency
final public class ImageRenderer<Content: View>: Observable {
    /// https://developer.apple.com/documentation/swiftui/imagerenderer/init(content:)
    public init(content view: Content) { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/imagerenderer/uiimage
    public var uiImage: UIImage? { fatalError() }

    /// https://developer.apple.com/documentation/swiftui/imagerenderer/scale
    public var scale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
}

// UIKit's application, scene and view classes, as far as the native code reaches them. As on iOS, they are
// isolated to the main actor. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor @preconcurrency
open class UIResponder: NSObject {}

/// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor @preconcurrency
open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    open var connectedScenes: Set<UIScene> { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    open func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        fatalError()
    }
}

/// https://developer.apple.com/documentation/uikit/uiscene
@MainActor @preconcurrency
open class UIScene: UIResponder {}

/// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor @preconcurrency
open class UIWindowScene: UIScene {
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/keywindow
    open var keyWindow: UIWindow? { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor @preconcurrency
open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { fatalError() }

    /// https://developer.apple.com/documentation/objectivec/nsobject/init()
    public override init() { fatalError() }
}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor @preconcurrency
open class UIWindow: UIView {}

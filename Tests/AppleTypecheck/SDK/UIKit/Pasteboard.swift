// UIKit's pasteboard, as far as the native code reaches it. Bodies are never run.

/// https://developer.apple.com/documentation/uikit/uipasteboard
open class UIPasteboard: NSObject {
    /// https://developer.apple.com/documentation/uikit/uipasteboard/general
    open class var general: UIPasteboard { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uipasteboard/string
    open var string: String? {
        get { fatalError() }
        set { fatalError() }
    }
}

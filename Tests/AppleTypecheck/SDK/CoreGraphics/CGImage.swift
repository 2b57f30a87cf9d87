// The bitmap image type ImageIO decodes into. A Core Foundation type, imported as a class that is not
// `Sendable`. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/coregraphics/cgimage
public final class CGImage {
    /// https://developer.apple.com/documentation/coregraphics/cgimage/width
    public var width: Int { fatalError() }

    /// https://developer.apple.com/documentation/coregraphics/cgimage/height
    public var height: Int { fatalError() }

    init() { fatalError() }
}

// Decoding a photo at a bounded size and encoding it again, from `CGImageSource.h` and
// `CGImageDestination.h` of the iOS SDK (`CF_ASSUME_NONNULL`, `size_t` as `Int`, every function
// `IMAGEIO_AVAILABLE_STARTING(10.4, 4.0)` or earlier than the deployment target; an imported C function's
// result may be ignored). Bodies are never run.

@_exported import CoreGraphics

/// https://developer.apple.com/documentation/imageio/cgimagesource
public final class CGImageSource {
    init() { fatalError() }
}

/// https://developer.apple.com/documentation/imageio/cgimagedestination
public final class CGImageDestination {
    init() { fatalError() }
}

/// https://developer.apple.com/documentation/imageio/cgimagesourcecreatewithdata(_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? { fatalError() }

/// https://developer.apple.com/documentation/imageio/cgimagesourcecreatethumbnailatindex(_:_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?)
    -> CGImage?
{
    fatalError()
}

/// https://developer.apple.com/documentation/imageio/cgimagedestinationcreatewithdata(_:_:_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    fatalError()
}

/// https://developer.apple.com/documentation/imageio/cgimagedestinationaddimage(_:_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    fatalError()
}

/// https://developer.apple.com/documentation/imageio/cgimagedestinationfinalize(_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool { fatalError() }

/// https://developer.apple.com/documentation/imageio/kcgimagesourceshouldcache
public var kCGImageSourceShouldCache: CFString { fatalError() }

/// https://developer.apple.com/documentation/imageio/kcgimagesourceshouldcacheimmediately
public var kCGImageSourceShouldCacheImmediately: CFString { fatalError() }

/// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailfromimagealways
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { fatalError() }

/// https://developer.apple.com/documentation/imageio/kcgimagesourcethumbnailmaxpixelsize
public var kCGImageSourceThumbnailMaxPixelSize: CFString { fatalError() }

/// https://developer.apple.com/documentation/imageio/kcgimagesourcecreatethumbnailwithtransform
public var kCGImageSourceCreateThumbnailWithTransform: CFString { fatalError() }

/// https://developer.apple.com/documentation/imageio/kcgimagedestinationlossycompressionquality
public var kCGImageDestinationLossyCompressionQuality: CFString { fatalError() }

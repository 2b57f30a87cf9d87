import Foundation

/// How a photo from the library is made ready to upload, whatever its size or format: drawn again at
/// most ``maximumPixelSize`` on its long side, with none of the original's metadata (location, camera,
/// time), and smaller than the server takes. A 48-megapixel photo comes out about 2048 × 1536.
///
/// A photo is sent as JPEG. A picture with transparency (a PNG sticker, a logo) is sent as PNG instead,
/// smaller if need be: JPEG has no transparency, and its see-through parts would turn black.
///
/// The drawing itself is the platform's (ImageIO on iOS, told each ``Encoding``'s size); this decides
/// which encodings to try and which to keep, so that decision is tested where it is made.
public struct PhotoUploadPlan: Sendable, Hashable {
    /// One way to draw and encode the picture.
    public enum Encoding: Sendable, Hashable {
        /// JPEG of this quality (0–1), at most ``PhotoUploadPlan/maximumPixelSize`` pixels.
        case jpeg(quality: Double)
        /// Lossless PNG, transparency kept, at most this many pixels on the long side.
        case png(maximumPixelSize: Int)
    }

    /// The longest side a photo keeps, in pixels.
    public var maximumPixelSize: Int
    /// The most bytes an upload may have: the server's limit (`ProfileService.maximumAvatarSize`).
    public var maximumBytes: Int
    /// The JPEG qualities tried in order, from best; the first encoding under ``maximumBytes`` is kept.
    public var qualities: [Double]
    /// The sizes a picture with transparency is tried at as PNG, from largest. The smallest must fit
    /// whatever the picture (512 × 512 RGBA is 1 MB before compression).
    public var transparentPixelSizes: [Int]

    /// Creates a plan.
    public init(maximumPixelSize: Int, maximumBytes: Int, qualities: [Double], transparentPixelSizes: [Int]) {
        self.maximumPixelSize = maximumPixelSize
        self.maximumBytes = maximumBytes
        self.qualities = qualities
        self.transparentPixelSizes = transparentPixelSizes
    }

    /// Avatars: 2048 pixels, under the server's 5 MB.
    public static let avatar = PhotoUploadPlan(
        maximumPixelSize: 2048, maximumBytes: 5 * 1024 * 1024, qualities: [0.85, 0.7, 0.55, 0.4],
        transparentPixelSizes: [2048, 1024, 512])

    /// Whether a drawn picture has an alpha channel, from its `CGImageAlphaInfo` raw value: `first`,
    /// `last`, their premultiplied forms and `alphaOnly` do; `none` and the `noneSkip` forms do not.
    public static func hasTransparency(alphaInfo rawValue: UInt32) -> Bool {
        [1, 2, 3, 4, 7].contains(rawValue)
    }

    /// The encodings to try, in order, for a picture with or without transparency.
    public func encodings(hasTransparency: Bool) -> [Encoding] {
        hasTransparency ? transparentPixelSizes.map(Encoding.png) : qualities.map(Encoding.jpeg)
    }

    /// The first encoding, trying ``encodings(hasTransparency:)`` in order, small enough to upload; nil
    /// when none is (or none could be made): such a photo stays on the device instead of meeting a 413.
    public func firstUploadable(
        hasTransparency: Bool = false, _ encode: (Encoding) throws -> Data?
    ) rethrows -> Data? {
        for encoding in encodings(hasTransparency: hasTransparency) {
            guard let data = try encode(encoding) else { return nil }
            if data.count <= maximumBytes { return data }
        }
        return nil
    }
}

import Foundation

/// How a photo from the library is made ready to upload, whatever its size or format: drawn again at
/// most ``maximumPixelSize`` on its long side, as JPEG, with none of the original's metadata (location,
/// camera, time), and smaller than the server takes. A 48-megapixel photo comes out about 2048 × 1536.
///
/// The drawing itself is the platform's (ImageIO on iOS, told ``maximumPixelSize``); this decides which
/// quality to keep, so that decision is tested where it is made.
public struct PhotoUploadPlan: Sendable, Hashable {
    /// The longest side a photo keeps, in pixels.
    public var maximumPixelSize: Int
    /// The most bytes an upload may have: the server's limit (`ProfileService.maximumAvatarSize`).
    public var maximumBytes: Int
    /// The JPEG qualities tried in order, from best; the first encoding under ``maximumBytes`` is kept.
    public var qualities: [Double]

    /// Creates a plan.
    public init(maximumPixelSize: Int, maximumBytes: Int, qualities: [Double]) {
        self.maximumPixelSize = maximumPixelSize
        self.maximumBytes = maximumBytes
        self.qualities = qualities
    }

    /// Avatars: 2048 pixels, under the server's 5 MB.
    public static let avatar = PhotoUploadPlan(
        maximumPixelSize: 2048, maximumBytes: 5 * 1024 * 1024, qualities: [0.85, 0.7, 0.55, 0.4])

    /// The first encoding, trying ``qualities`` in order, small enough to upload; nil when none is (or
    /// none could be made): such a photo stays on the device instead of meeting a 413.
    public func firstUploadable(_ encode: (_ quality: Double) throws -> Data?) rethrows -> Data? {
        for quality in qualities {
            guard let data = try encode(quality) else { return nil }
            if data.count <= maximumBytes { return data }
        }
        return nil
    }
}

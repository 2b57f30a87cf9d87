import Foundation

/// The image formats the server takes for a photo, read from the bytes as the server reads them. A
/// photo in any other format (HEIC from the camera, GIF, WebP…) must become JPEG on the device first.
public enum UploadImageFormat: Sendable, Hashable {
    case jpeg
    case png

    /// The format of `data`, or nil when the server would refuse it (415) and the device must convert it.
    public init?(of data: Data) {
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }
}

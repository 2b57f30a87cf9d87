#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(ImageIO)
        import ImageIO
    #endif

    /// What goes up for a photo the picker returned: whatever its format (HEIC from the camera, PNG, JPEG…),
    /// drawn again at most 2048 pixels on its long side with none of the original's metadata — no
    /// location, camera or time — and small enough for the server (``PhotoUploadPlan/avatar``): a JPEG, or
    /// a PNG for a picture with transparency, whose see-through parts JPEG would turn black.
    ///
    /// ImageIO draws it straight from the compressed bytes at the reduced size (a thumbnail "from the
    /// image, always", with its orientation applied), so a 48-megapixel photo is never decoded whole.
    enum PhotoUpload {
        /// The upload for `picked`, drawn off the main actor (a large photo takes a moment); nil when there
        /// is no photo or it cannot be made small enough.
        static func prepared(_ picked: Data?) async -> Data? {
            guard let picked else { return nil }
            return await Task.detached(priority: .userInitiated) { data(for: picked) }.value
        }

        static func data(for picked: Data, plan: PhotoUploadPlan = .avatar) -> Data? {
            #if canImport(ImageIO)
                let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
                guard let source = CGImageSourceCreateWithData(picked as CFData, sourceOptions) else { return nil }
                guard let image = drawn(source, at: plan.maximumPixelSize) else { return nil }
                let transparent = PhotoUploadPlan.hasTransparency(alphaInfo: image.alphaInfo.rawValue)
                return plan.firstUploadable(hasTransparency: transparent) { encoding in
                    switch encoding {
                    case .jpeg(let quality):
                        return encoded(image, as: "public.jpeg", quality: quality)
                    case .png(let size):
                        let smaller = size == plan.maximumPixelSize ? image : drawn(source, at: size)
                        return smaller.flatMap { encoded($0, as: "public.png", quality: nil) }
                    }
                }
            #else
                return nil
            #endif
        }

        #if canImport(ImageIO)
            /// The picture drawn at most `size` pixels on its long side, its orientation applied.
            private static func drawn(_ source: CGImageSource, at size: Int) -> CGImage? {
                let drawing =
                    [
                        kCGImageSourceCreateThumbnailFromImageAlways: true,
                        kCGImageSourceCreateThumbnailWithTransform: true,
                        kCGImageSourceShouldCacheImmediately: true,
                        kCGImageSourceThumbnailMaxPixelSize: size,
                    ] as CFDictionary
                return CGImageSourceCreateThumbnailAtIndex(source, 0, drawing)
            }

            /// `image` encoded as `type` (a JPEG of `quality`, or a PNG), carrying no properties but its
            /// compression.
            private static func encoded(_ image: CGImage, as type: String, quality: Double?) -> Data? {
                let output = NSMutableData()
                guard
                    let destination = CGImageDestinationCreateWithData(
                        output as CFMutableData, type as CFString, 1, nil)
                else { return nil }
                let properties = quality.map { [kCGImageDestinationLossyCompressionQuality: $0] as CFDictionary }
                CGImageDestinationAddImage(destination, image, properties)
                guard CGImageDestinationFinalize(destination) else { return nil }
                return output as Data
            }
        #endif
    }
#endif

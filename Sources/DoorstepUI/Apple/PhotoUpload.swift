#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(ImageIO)
        import ImageIO
    #endif

    /// What goes up for a photo the picker returned: whatever its format (HEIC from the camera, PNG, JPEG…),
    /// drawn again at most 2048 pixels on its long side as a JPEG with none of the original's metadata —
    /// no location, camera or time — and small enough for the server (``PhotoUploadPlan/avatar``).
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
                let drawing =
                    [
                        kCGImageSourceCreateThumbnailFromImageAlways: true,
                        kCGImageSourceCreateThumbnailWithTransform: true,
                        kCGImageSourceShouldCacheImmediately: true,
                        kCGImageSourceThumbnailMaxPixelSize: plan.maximumPixelSize,
                    ] as CFDictionary
                guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, drawing) else { return nil }
                return plan.firstUploadable { quality in jpeg(image, quality: quality) }
            #else
                return nil
            #endif
        }

        #if canImport(ImageIO)
            /// `image` as a JPEG of `quality`, carrying no properties but its compression.
            private static func jpeg(_ image: CGImage, quality: Double) -> Data? {
                let output = NSMutableData()
                guard
                    let destination = CGImageDestinationCreateWithData(
                        output as CFMutableData, "public.jpeg" as CFString, 1, nil)
                else { return nil }
                CGImageDestinationAddImage(
                    destination, image, [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
                guard CGImageDestinationFinalize(destination) else { return nil }
                return output as Data
            }
        #endif
    }
#endif

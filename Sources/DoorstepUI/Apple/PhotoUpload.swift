#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation

    #if canImport(UIKit)
        import UIKit
    #endif

    /// What goes up for a photo the picker returned: JPEG and PNG as they are; HEIC (the camera's default)
    /// and every other format the server refuses re-encoded as JPEG.
    enum PhotoUpload {
        static func data(for picked: Data) -> Data? {
            if UploadImageFormat(of: picked) != nil { return picked }
            #if canImport(UIKit)
                return UIImage(data: picked)?.jpegData(compressionQuality: 0.9)
            #else
                return nil
            #endif
        }
    }
#endif

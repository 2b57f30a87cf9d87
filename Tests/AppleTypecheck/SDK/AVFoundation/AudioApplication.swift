// The app's permission to record. Bodies are never run.

/// https://developer.apple.com/documentation/avfaudio/avaudioapplication
open class AVAudioApplication: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/shared
    open class var shared: AVAudioApplication { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/requestrecordpermission(completionhandler:)
    open class func requestRecordPermission(completionHandler response: @escaping @Sendable (Bool) -> Void) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudioapplication/requestrecordpermission(completionhandler:)
    open class func requestRecordPermission() async -> Bool { fatalError() }
}

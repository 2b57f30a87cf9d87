// The app's audio session, which recording configures. Bodies are never run.

/// https://developer.apple.com/documentation/avfaudio/avaudiosession
open class AVAudioSession: NSObject {
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/sharedinstance()
    open class func sharedInstance() -> AVAudioSession { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct
    public struct Category: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static var record: Category { fatalError() }
        public static var playAndRecord: Category { fatalError() }
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct
    public struct Mode: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static var `default`: Mode { fatalError() }
        public static var measurement: Mode { fatalError() }
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct
    public struct CategoryOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var duckOthers: CategoryOptions { fatalError() }
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/setactiveoptions
    public struct SetActiveOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var notifyOthersOnDeactivation: SetActiveOptions { fatalError() }
    }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/setcategory(_:mode:options:)
    open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws { fatalError() }

    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/setactive(_:options:)
    open func setActive(_ active: Bool, options: SetActiveOptions = []) throws { fatalError() }
}

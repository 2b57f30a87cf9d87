// Asking for permission to notify. The completion handler of a method that also imports as `async` is
// `@Sendable`. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/usernotifications/unauthorizationoptions
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var badge: UNAuthorizationOptions { fatalError() }
    public static var sound: UNAuthorizationOptions { fatalError() }
    public static var alert: UNAuthorizationOptions { fatalError() }
    public static var provisional: UNAuthorizationOptions { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
    open class func current() -> UNUserNotificationCenter { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
    open func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        fatalError()
    }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError() }
}

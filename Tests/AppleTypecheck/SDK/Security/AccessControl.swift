// Access control for Keychain items. Bodies are never run.

/// https://developer.apple.com/documentation/security/secaccesscontrol
public final class SecAccessControl {
    private init() { fatalError() }
}

/// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static var userPresence: SecAccessControlCreateFlags { fatalError() }
    public static var biometryAny: SecAccessControlCreateFlags { fatalError() }
    public static var biometryCurrentSet: SecAccessControlCreateFlags { fatalError() }
    public static var devicePasscode: SecAccessControlCreateFlags { fatalError() }
    public static var or: SecAccessControlCreateFlags { fatalError() }
    public static var and: SecAccessControlCreateFlags { fatalError() }
    public static var privateKeyUsage: SecAccessControlCreateFlags { fatalError() }
}

/// https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecAccessControlCreateWithFlags(
    _ allocator: CFAllocator?, _ protection: CFTypeRef, _ flags: SecAccessControlCreateFlags,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
    fatalError()
}

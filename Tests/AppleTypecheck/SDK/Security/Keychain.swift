// Keychain item functions and keys, as Swift imports them from Security's C headers: functions return
// `OSStatus` and their result may be ignored, as with every imported C function. Bodies are never run.

@_exported import AppleFoundation

/// https://developer.apple.com/documentation/security/secitemadd(_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError()
}

/// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    fatalError()
}

/// https://developer.apple.com/documentation/security/secitemupdate(_:_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    fatalError()
}

/// https://developer.apple.com/documentation/security/secitemdelete(_:)
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    fatalError()
}

/// https://developer.apple.com/documentation/security/errsecsuccess
public var errSecSuccess: OSStatus { fatalError() }

/// https://developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { fatalError() }

/// https://developer.apple.com/documentation/security/errsecduplicateitem
public var errSecDuplicateItem: OSStatus { fatalError() }

/// https://developer.apple.com/documentation/security/ksecclass
public var kSecClass: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecclassgenericpassword
public var kSecClassGenericPassword: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecattrservice
public var kSecAttrService: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecattraccount
public var kSecAttrAccount: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecvaluedata
public var kSecValueData: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecreturndata
public var kSecReturnData: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecreturnattributes
public var kSecReturnAttributes: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecmatchlimit
public var kSecMatchLimit: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecmatchlimitone
public var kSecMatchLimitOne: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecattraccessible
public var kSecAttrAccessible: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlockedthisdeviceonly
public var kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecattraccessibleafterfirstunlockthisdeviceonly
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecattraccesscontrol
public var kSecAttrAccessControl: CFString { fatalError() }

/// https://developer.apple.com/documentation/security/ksecuseauthenticationcontext
public var kSecUseAuthenticationContext: CFString { fatalError() }

#if canImport(SwiftUI) && canImport(Security)
    import Foundation
    import Security

    /// The credential Face ID unlocks: a Keychain item only this device can read, only while it is
    /// unlocked (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`), only after the enrolled face — a new
    /// enrolment invalidates it. It never goes into a backup.
    enum BiometricKeychain {
        static let service = "dev.doorstep.biometric"
        static let account = "refresh-token"

        private static var query: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        static func save(_ data: Data) -> Bool {
            guard
                let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet, nil)
            else { return false }
            delete()
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessControl as String] = access
            return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
        }

        static func delete() {
            SecItemDelete(query as CFDictionary)
        }
    }
#elseif canImport(SwiftUI)
    import Foundation

    enum BiometricKeychain {
        static func save(_ data: Data) -> Bool { false }
        static func delete() {}
    }
#endif

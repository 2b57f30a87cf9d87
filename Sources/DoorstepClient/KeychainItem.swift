#if canImport(Security)
    import Foundation
    import Security

    /// One generic-password item of the Keychain, readable from the first unlock after a restart on — so
    /// a launch the system prewarms before the person unlocks, and a background refresh, can read it —
    /// and never migrated to another device (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`).
    struct KeychainItem: Sendable {
        let service: String
        let account: String

        private var query: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        /// The item's bytes, or nil when there is none.
        func read() throws -> Data? {
            var query = self.query
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: AnyObject?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            guard status != errSecItemNotFound else { return nil }
            guard status == errSecSuccess, let data = result as? Data else {
                throw DoorstepError.transport("Keychain \(status)")
            }
            return data
        }

        /// Replaces the item's bytes.
        func write(_ data: Data) throws {
            SecItemDelete(query as CFDictionary)
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw DoorstepError.transport("Keychain \(status)") }
        }

        func delete() {
            SecItemDelete(query as CFDictionary)
        }
    }
#endif

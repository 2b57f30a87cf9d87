#if canImport(SwiftUI)
    import DoorstepClient
    import Foundation
    import LocalAuthentication
    import Security

    /// The Keychain item Face ID opens: readable only on this device, only while it is unlocked
    /// (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`), only after the enrolled face or finger — a new
    /// enrolment invalidates it (`biometryCurrentSet`). It never goes into a backup. Give the same item to
    /// ``AppleDeviceEffects`` (which turns Face ID sign-in on) and to the app's `BiometricTokenStore`
    /// (which keeps it current and reads it at launch).
    public struct BiometricKeychainItem: ProtectedSessionItem {
        let service: String
        let account = "session"

        /// The item under the given Keychain service name.
        public init(service: String = "dev.doorstep.biometric") {
            self.service = service
        }

        private var query: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        /// Reads its attributes only, which asks nothing of the person; its data needs Face ID.
        public func exists() async -> Bool {
            var query = self.query
            query[kSecReturnAttributes as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            return SecItemCopyMatching(query as CFDictionary, nil) != errSecItemNotFound
        }

        public func write(_ session: StoredSession) async throws {
            guard
                let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .biometryCurrentSet, nil)
            else { throw DoorstepError.transport("Keychain access control") }
            SecItemDelete(query as CFDictionary)
            var item = query
            item[kSecValueData as String] = try JSONEncoder().encode(session)
            item[kSecAttrAccessControl as String] = access
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw DoorstepError.transport("Keychain \(status)") }
        }

        /// Evaluates Face ID with `LAContext` first, then reads the item with that same context, so the
        /// Keychain does not ask a second time.
        public func read(afterAuthenticating reason: String) async -> ProtectedRead {
            let context = LAContext()
            guard
                (try? await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason))
                    == true
            else { return .declined }
            var query = self.query
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            query[kSecUseAuthenticationContext as String] = context
            var result: AnyObject?
            guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess, let data = result as? Data
            else { return .granted(nil) }
            return .granted(try? JSONDecoder().decode(StoredSession.self, from: data))
        }

        public func delete() async {
            SecItemDelete(query as CFDictionary)
        }
    }
#endif

#if canImport(DeviceCheck) && canImport(Security)
    import DeviceCheck
    import DoorstepClient
    import Foundation
    import Security

    /// The iPhone's App Attest service (`DCAppAttestService`), for
    /// `DoorstepClient(serverURL:…, appAttest: AppAttestSetup(device: DeviceAppAttest(), keys: KeychainAttestedKeyStore()))`.
    ///
    /// Unsupported on the simulator: there the client sends requests without proof and the server's
    /// policy decides. The app's App ID needs the App Attest entitlement
    /// (`com.apple.developer.devicecheck.appattest-environment`), `development` or `production` as the
    /// server's `--app-attest-environment` says.
    public struct DeviceAppAttest: AppAttestDevice {
        /// The shared service.
        public init() {}

        public var isSupported: Bool {
            get async { DCAppAttestService.shared.isSupported }
        }

        public func generateKey() async throws -> String {
            try await DCAppAttestService.shared.generateKey()
        }

        public func attestKey(_ keyID: String, clientDataHash: Data) async throws -> Data {
            try await DCAppAttestService.shared.attestKey(keyID, clientDataHash: clientDataHash)
        }

        public func generateAssertion(_ keyID: String, clientDataHash: Data) async throws -> Data {
            try await DCAppAttestService.shared.generateAssertion(keyID, clientDataHash: clientDataHash)
        }
    }

    /// The attested key's id in the Keychain, on this device only (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`):
    /// an App Attest key never leaves its Secure Enclave, so a backup restored elsewhere must attest anew.
    public struct KeychainAttestedKeyStore: AttestedKeyStore {
        let service: String
        let account = "app-attest-key"

        /// Keeps the key id under the given Keychain service name.
        public init(service: String = "dev.doorstep.app-attest") {
            self.service = service
        }

        private var query: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        public func load() async throws -> String? {
            var query = self.query
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: AnyObject?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            guard status != errSecItemNotFound else { return nil }
            guard status == errSecSuccess, let data = result as? Data else {
                throw DoorstepError.transport("Keychain \(status)")
            }
            return String(decoding: data, as: UTF8.self)
        }

        public func save(_ keyID: String) async throws {
            SecItemDelete(query as CFDictionary)
            var item = query
            item[kSecValueData as String] = Data(keyID.utf8)
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else { throw DoorstepError.transport("Keychain \(status)") }
        }

        public func clear() async throws {
            SecItemDelete(query as CFDictionary)
        }
    }
#endif

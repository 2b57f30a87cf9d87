#if canImport(Security)
    import Foundation

    /// The attested key's id in the Keychain, on this device only: an App Attest key never leaves its
    /// Secure Enclave, so a backup restored on another device attests anew.
    public struct KeychainAttestedKeyStore: AttestedKeyStore {
        let item: KeychainItem

        /// Keeps the key id under the given Keychain service name.
        public init(service: String = "dev.doorstep.app-attest") {
            item = KeychainItem(service: service, account: "app-attest-key")
        }

        public func load() async throws -> String? {
            try item.read().map { String(decoding: $0, as: UTF8.self) }
        }

        public func save(_ keyID: String) async throws {
            try item.write(Data(keyID.utf8))
        }

        public func clear() async throws {
            item.delete()
        }
    }
#endif

#if canImport(DeviceCheck)
    import DeviceCheck
    import DoorstepClient
    import Foundation

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
#endif

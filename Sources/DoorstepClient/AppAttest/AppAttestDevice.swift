import Foundation

/// The device's App Attest service, as `DCAppAttestService` offers it: a key in the Secure Enclave that
/// Apple certifies as this genuine app's, and assertions signed with it.
///
/// On an iPhone use `DeviceAppAttest` from DoorstepUI; tests pass a device that plays Apple's part.
public protocol AppAttestDevice: Sendable {
    /// Whether this device can attest keys; false on the simulator and on devices without a Secure Enclave.
    var isSupported: Bool { get async }
    /// Makes a new key and returns its id (base64 of SHA-256 of its public key).
    func generateKey() async throws -> String
    /// Asks Apple to certify the key for this app; returns the attestation object (CBOR).
    func attestKey(_ keyID: String, clientDataHash: Data) async throws -> Data
    /// Signs `clientDataHash` with the key; returns the assertion (CBOR).
    func generateAssertion(_ keyID: String, clientDataHash: Data) async throws -> Data
}

/// Where the id of the install's attested key is kept: attestation happens once per install, so the id
/// must outlive a launch (`KeychainAttestedKeyStore` keeps it in the Keychain).
public protocol AttestedKeyStore: Sendable {
    /// The id of the key the server accepted, or nil before the first attestation.
    func load() async throws -> String?
    /// Keeps the id of a key the server accepted.
    func save(_ keyID: String) async throws
    /// Forgets the key, so the next protected request attests a new one.
    func clear() async throws
}

/// Keeps the key id in memory only, so each launch attests again: for tests and previews.
public actor InMemoryAttestedKeyStore: AttestedKeyStore {
    private var keyID: String?

    /// Creates an empty store, or one holding `keyID`.
    public init(keyID: String? = nil) {
        self.keyID = keyID
    }

    public func load() async throws -> String? { keyID }
    public func save(_ keyID: String) async throws { self.keyID = keyID }
    public func clear() async throws { keyID = nil }
}

/// How a client proves to its server that requests come from the genuine app: the device's App Attest
/// service and where the attested key's id is kept.
///
/// The client attests a key once per install, on the first request a server's policy may guard
/// (sign-up, code sends and password resets, guests, password log-ins), then signs each such request with a fresh challenge.
/// Where the device cannot attest (the simulator, an old device), requests go without proof and the
/// server's policy decides: `monitor` lets them through, `enforce` answers `attestation_required`.
public struct AppAttestSetup: Sendable {
    /// The device's App Attest service.
    public var device: any AppAttestDevice
    /// Where the attested key's id is kept between launches.
    public var keys: any AttestedKeyStore

    /// Creates a setup.
    public init(device: any AppAttestDevice, keys: any AttestedKeyStore) {
        self.device = device
        self.keys = keys
    }
}

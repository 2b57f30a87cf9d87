import DoorstepAPI
import Foundation
import OpenAPIRuntime

/// Proves requests come from the genuine app: attests the install's key once, then signs each guarded
/// request's body with a fresh challenge into the `Doorstep-App-Assertion` header.
///
/// Nothing here ever stops a request: where no proof can be made — the device cannot attest, the server
/// attests no app, Apple or the network is down — the request goes without one and the server's policy
/// decides.
actor AppAttestation {
    /// The header a guarded request carries: `<key id>.<challenge>.<assertion>`, each base64url.
    static let headerName = "Doorstep-App-Assertion"

    private let setup: AppAttestSetup
    private let api: Client
    private var keyID: String?
    private var didLoad = false
    private var attesting: Task<String?, Never>?
    /// False once the server answered that it attests no app, so no later request asks again.
    private var serverAttests = true
    /// True once the server refused this install's attestation, so the launch does not ask Apple for a
    /// new key on every request.
    private var refused = false

    /// - Parameters:
    ///   - api: a client of the same server without the assertion middleware, for the challenge and
    ///     attestation calls.
    init(setup: AppAttestSetup, api: Client) {
        self.setup = setup
        self.api = api
    }

    /// The header for a request whose body is `body`, or nil when no proof can be made now.
    func header(for body: Data) async -> String? {
        guard serverAttests, await setup.device.isSupported else { return nil }
        for _ in 0..<2 {
            guard let keyID = await attestedKey(), let challenge = await challenge() else { return nil }
            let clientDataHash = PortableSHA256.hash(PortableSHA256.hash(body) + challenge.bytes)
            do {
                let assertion = try await setup.device.generateAssertion(keyID, clientDataHash: clientDataHash)
                let wireKeyID = Data(base64Encoded: keyID)?.base64URL ?? keyID
                return [wireKeyID, challenge.text, assertion.base64URL].joined(separator: ".")
            } catch {
                // The key can no longer sign (restored on another device, say): attest a new one, once.
                await forgetKey()
            }
        }
        return nil
    }

    /// Forgets the attested key, so the next guarded request attests a new one: after the server
    /// refused an assertion of it (its store lost the key, or the counters crossed).
    func forgetKey() async {
        keyID = nil
        didLoad = true
        try? await setup.keys.clear()
    }

    /// The install's attested key, attesting one first when there is none; concurrent callers share one
    /// attestation.
    private func attestedKey() async -> String? {
        if !didLoad {
            keyID = try? await setup.keys.load()
            didLoad = true
        }
        if let keyID { return keyID }
        guard !refused else { return nil }
        if let attesting { return await attesting.value }
        let task = Task { await self.attestNewKey() }
        attesting = task
        let attested = await task.value
        attesting = nil
        keyID = attested
        return attested
    }

    private func attestNewKey() async -> String? {
        guard let challenge = await challenge(), let keyID = try? await setup.device.generateKey(),
            let object = try? await setup.device.attestKey(keyID, clientDataHash: PortableSHA256.hash(challenge.bytes))
        else { return nil }
        let request = Components.Schemas.DeviceAttestationRequest(
            keyId: keyID, attestationObject: object.base64URL, challenge: challenge.text)
        switch try? await api.attestDevice(body: .json(request)) {
        case .created:
            break
        case .default(let status, _) where status == 409:
            break  // Attested by an earlier launch whose save did not finish: the server has it.
        case .default(let status, _):
            refused = (400..<500).contains(status) && status != 429
            return nil
        case nil:
            return nil
        }
        try? await setup.keys.save(keyID)
        return keyID
    }

    /// A fresh single-use challenge, as the server wrote it and as bytes.
    private func challenge() async -> (text: String, bytes: Data)? {
        switch try? await api.createAttestationChallenge() {
        case .created(let created):
            guard let text = try? created.body.json.challenge, let bytes = Data(base64URL: text) else { return nil }
            return (text, bytes)
        case .default(let status, _):
            if status == 404 { serverAttests = false }
            return nil
        case nil:
            return nil
        }
    }
}

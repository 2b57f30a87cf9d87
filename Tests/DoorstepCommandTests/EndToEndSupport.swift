import DoorstepClient
import DoorstepFlow
import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import OpenAPIURLSession
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One app install: its token store and snapshot store, kept across relaunches.
struct AppInstall: Sendable {
    let servers: [URL]
    let tokens = InMemoryTokenStore()
    let snapshots = RecordingSnapshotStore()
    let device: any DeviceEffects

    /// An install talking to `servers`, request by request in turn when there are several.
    init(servers: [URL], device: any DeviceEffects = TestDevice()) {
        self.servers = servers
        self.device = device
    }

    var client: DoorstepClient {
        DoorstepClient(serverURL: servers[0], transport: RoundRobinTransport(servers: servers), tokenStore: tokens)
    }

    /// Launches the app on a flow, as after a cold start.
    func launch(_ flowID: String) async throws -> FlowSession {
        let flow = try FlowCatalog.bundled().flow(flowID)!
        let client = self.client
        return try await FlowSession(
            flow: flow, client: client, device: device, modules: [TrainerModule(client: client)], snapshots: snapshots)
    }
}

/// A device that grants permissions, picks a small PNG and remembers a Face ID enrolment.
final class TestDevice: DeviceEffects {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 9, count: 32)
    private let enrolled = Mutex(false)

    var biometricsEnrolled: Bool { enrolled.withLock { $0 } }

    func pickImage() async -> (data: Data, isPNG: Bool)? { (Self.png, true) }
    func requestPermission(_ permission: String) async -> Bool { true }
    func canEnableBiometrics() async -> Bool { true }
    func enableBiometrics() async -> Bool {
        enrolled.withLock { $0 = true }
        return true
    }
    func forgetBiometrics() async { enrolled.withLock { $0 = false } }
    func appleCredential() async -> AppleCredential? { nil }
    func googleCredential() async -> (idToken: String, rawNonce: String?)? { nil }

    /// The origin iOS reports for an app's passkey ceremonies: the RP ID its association file is on.
    static let passkeyOrigin = "https://example.com"
    /// The device's passkey, synced to every device that shares this object.
    private let authenticator = Mutex(SoftwareAuthenticator())

    func passkeyRegistration(_ options: PasskeyCreationOptions) async -> PasskeyRegistration? {
        guard let challenge = Base64URL.decode(options.challenge) else { return nil }
        let authenticator = authenticator.withLock { $0 }
        let made = authenticator.register(challenge: challenge, rpID: options.rp.id, origin: Self.passkeyOrigin)
        return PasskeyRegistration(
            credentialID: Data(authenticator.credentialID), clientDataJSON: Data(made.clientDataJSON),
            attestationObject: Data(made.attestationObject))
    }

    func passkeyAssertion(_ options: PasskeyRequestOptions) async -> PasskeyAssertion? {
        guard let challenge = Base64URL.decode(options.challenge) else { return nil }
        let authenticator = authenticator.withLock { $0 }
        let made = authenticator.assert(challenge: challenge, rpID: options.rpId, origin: Self.passkeyOrigin)
        return PasskeyAssertion(
            credentialID: Data(authenticator.credentialID), clientDataJSON: Data(made.clientDataJSON),
            authenticatorData: Data(made.authenticatorData), signature: Data(made.signature), userHandle: nil)
    }
}

/// One walk against a live server: its address, the app installs it used and the secrets it typed
/// or read, so that afterwards every byte at rest can be searched for them.
final class Walk: Sendable {
    /// The instances serving the walk.
    let servers: [URL]
    let secrets = SecretLedger()
    private let installs = Mutex<[AppInstall]>([])
    /// When the newest code mail this walk read for each address was sent.
    private let mailRead = Mutex<[String: String]>([:])

    init(servers: [URL]) {
        self.servers = servers
    }

    /// A new app install on a device of its own.
    func install(device: any DeviceEffects = TestDevice()) -> AppInstall {
        let install = AppInstall(servers: servers, device: device)
        installs.withLock { $0.append(install) }
        return install
    }

    /// A password the person types.
    func password(_ text: String) -> String { secrets.note(text) }

    /// The newest one-time code mailed to `email`, noted as a secret. The outbox delivers a moment after
    /// the request that asked for it: a walk that already read a code for the address waits (up to a
    /// minute, as a loaded machine may take) for a newer mail, rather than typing the old code again.
    func code(to email: String) async throws -> Value {
        let lastRead = mailRead.withLock { $0[email] }
        let deadline = Date().addingTimeInterval(60)
        var newest = try? await latestCodeMail(to: email, servers: servers)
        while let last = lastRead, (newest?.sentAt ?? "") <= last, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            newest = try? await latestCodeMail(to: email, servers: servers)
        }
        guard let newest else { throw MailboxError.noMail(email) }
        mailRead.withLock { $0[email] = newest.sentAt }
        return .string(secrets.note(newest.code))
    }

    /// Every snapshot any install of the walk saved, each as the bytes a device would keep.
    func savedSnapshots() async -> [(name: String, bytes: Data)] {
        var saved: [(name: String, bytes: Data)] = []
        for (number, install) in installs.withLock({ $0 }).enumerated() {
            for bytes in await install.snapshots.written { saved.append(("snapshot of install \(number)", bytes)) }
        }
        return saved
    }
}

/// Reads the newest code mailed to an address from the dev mailbox, as a tester would; with several
/// instances, from whichever mailbox got the newest mail (any instance's sender may deliver it).
func latestCode(to email: String, servers: [URL]) async throws -> String {
    try await latestCodeMail(to: email, servers: servers).code
}

/// The newest mail with a code to an address, with when it was sent, from any of the instances;
/// waited for while none has arrived yet (the outbox delivers after the request that queued it
/// answers, and later still on a loaded machine), for up to a minute.
func latestCodeMail(to email: String, servers: [URL]) async throws -> (sentAt: String, code: String) {
    let deadline = Date().addingTimeInterval(60)
    while true {
        var newest: (sentAt: String, code: String)?
        for server in servers {
            var components = URLComponents(
                url: server.appendingPathComponent("dev/mail.json"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "to", value: email)]
            let (data, _) = try await URLSession.shared.data(from: components.url!)
            let mail = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            guard let first = mail?.first, let code = first["code"] as? String else { continue }
            let sentAt = first["sentAt"] as? String ?? ""
            if newest == nil || sentAt > newest!.sentAt { newest = (sentAt, code) }
        }
        if let newest { return newest }
        guard Date() < deadline else { throw MailboxError.noMail(email) }
        try await Task.sleep(for: .milliseconds(50))
    }
}

enum MailboxError: Error {
    case noMail(String)
}

/// An App Attest challenge from `server`, as an app asks for one before attesting its key.
func attestationChallenge(at server: URL) async throws -> String {
    var request = URLRequest(url: server.appendingPathComponent("v1/device/attest/challenge"))
    request.httpMethod = "POST"
    let (data, _) = try await URLSession.shared.data(for: request)
    let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let challenge = body?["challenge"] as? String else { throw MailboxError.noMail("an attestation challenge") }
    return challenge
}

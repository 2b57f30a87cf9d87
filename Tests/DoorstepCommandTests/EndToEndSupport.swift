import DoorstepClient
import DoorstepFlow
import Foundation
import OpenAPIURLSession
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One app install: its token store and snapshot store, kept across relaunches.
struct AppInstall: Sendable {
    let server: URL
    let tokens = InMemoryTokenStore()
    let snapshots = RecordingSnapshotStore()
    let device: any DeviceEffects

    init(server: URL, device: any DeviceEffects = TestDevice()) {
        self.server = server
        self.device = device
    }

    var client: DoorstepClient {
        DoorstepClient(serverURL: server, transport: URLSessionTransport(), tokenStore: tokens)
    }

    /// Launches the app on a flow, as after a cold start.
    func launch(_ flowID: String) async throws -> FlowSession {
        let flow = try FlowCatalog.bundled().flow(flowID)!
        return try await FlowSession(flow: flow, client: client, device: device, snapshots: snapshots)
    }
}

/// A device that grants permissions, picks a small PNG and remembers a Face ID enrolment.
final class TestDevice: DeviceEffects {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 9, count: 32)
    private let enrolled = Mutex(false)

    var biometricsEnrolled: Bool { enrolled.withLock { $0 } }

    func pickImage() async -> (data: Data, isPNG: Bool)? { (Self.png, true) }
    func requestPermission(_ permission: String) async -> Bool { true }
    func enableBiometrics() async -> Bool {
        enrolled.withLock { $0 = true }
        return true
    }
    func forgetBiometrics() async { enrolled.withLock { $0 = false } }
    func appleCredential() async -> AppleCredential? { nil }
    func googleCredential() async -> (idToken: String, rawNonce: String?)? { nil }
}

/// One walk against a live server: its address, the app installs it used and the secrets it typed
/// or read, so that afterwards every byte at rest can be searched for them.
final class Walk: Sendable {
    let base: URL
    let secrets = SecretLedger()
    private let installs = Mutex<[AppInstall]>([])

    init(base: URL) {
        self.base = base
    }

    /// A new app install on a device of its own.
    func install(device: any DeviceEffects = TestDevice()) -> AppInstall {
        let install = AppInstall(server: base, device: device)
        installs.withLock { $0.append(install) }
        return install
    }

    /// A password the person types.
    func password(_ text: String) -> String { secrets.note(text) }

    /// The newest one-time code mailed to `email`, noted as a secret.
    func code(to email: String) async throws -> Value {
        .string(secrets.note(try await latestCode(to: email, server: base)))
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

/// Reads the newest code mailed to an address from the dev mailbox, as a tester would.
func latestCode(to email: String, server: URL) async throws -> String {
    var components = URLComponents(url: server.appendingPathComponent("dev/mail.json"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "to", value: email)]
    let (data, _) = try await URLSession.shared.data(from: components.url!)
    let mail = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    guard let code = mail?.first?["code"] as? String else { throw MailboxError.noMail(email) }
    return code
}

enum MailboxError: Error {
    case noMail(String)
}

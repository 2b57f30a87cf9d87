import DoorstepClient
import DoorstepFlow
import DoorstepUI
import Foundation
import SwiftUI

/// Pick any of the five reference flows and walk it against a Doorstep server (by default the one
/// `swift run doorstep serve` starts on this Mac); once signed in, a home with sign-out and account
/// deletion. One client, one event log and one set of device effects serve the app's whole life.
@main
struct DoorstepDemoApp: App {
    @Environment(\.scenePhase) private var scenePhase
    @State private var demo = Demo(
        serverURL: URL(string: UserDefaults.standard.string(forKey: "serverURL") ?? "")
            ?? URL(string: "http://localhost:8080")!)

    var body: some Scene {
        WindowGroup {
            Root()
                .environment(demo)
                .environment(demo.session)
                .task {
                    await demo.unlockWithFaceID()
                    await demo.session.follow()
                }
                // Purchases, renewals and refunds reach the account the moment StoreKit reports them.
                .task { await AppStoreTransactions.forward(to: demo.client) }
                .onChange(of: scenePhase) { _, phase in
                    // Whatever the walk recorded goes out before the system may end the app.
                    if phase == .background { Task { try? await demo.events.flush() } }
                }
        }
    }
}

/// What the app keeps for its whole life.
@MainActor @Observable
final class Demo {
    let client: DoorstepClient
    let session: AuthSession
    let events: FlowEventLog
    let device: AppleDeviceEffects
    /// The session, and while Face ID sign-in is on a copy only Face ID opens, kept current on every
    /// refresh.
    let tokens: BiometricTokenStore
    /// What the launch's Face ID check found; the app stays locked while it is `.declined`.
    var unlock: BiometricUnlock?

    init(serverURL: URL) {
        let biometricItem = BiometricKeychainItem(service: "dev.doorstep.demo.biometric")
        tokens = BiometricTokenStore(KeychainTokenStore(service: "dev.doorstep.demo"), protected: biometricItem)
        client = DoorstepClient(serverURL: serverURL, tokenStore: tokens)
        session = AuthSession(client: client)
        events = FlowEventLog(client: client, installID: Self.installID())
        device = AppleDeviceEffects(tokens: tokens, biometricItem: biometricItem)
    }

    /// At launch, with Face ID sign-in on: the session opens only once Face ID recognises the person.
    func unlockWithFaceID() async {
        unlock = await tokens.unlock(reason: "Unlock your account")
    }

    /// Gives up on Face ID for this launch: signs out, so the person signs in with their password.
    func signInWithPassword() async {
        try? await client.logOut()
        unlock = .notEnabled
    }

    /// A random id made once per install, which also picks each flow's experiment variant.
    private static func installID() -> String {
        if let stored = UserDefaults.standard.string(forKey: "installID") { return stored }
        let made = UUID().uuidString
        UserDefaults.standard.set(made, forKey: "installID")
        return made
    }
}

/// Onboarding while signed out, the home once signed in — behind Face ID when it is on.
struct Root: View {
    @Environment(Demo.self) private var demo
    @Environment(AuthSession.self) private var session

    var body: some View {
        if demo.unlock == nil {
            ProgressView()
        } else if demo.unlock == .declined {
            // Each screen presents the device's questions itself; a running flow presents its own.
            LockedView().identityConfirmation(demo.device.identityPrompt)
        } else if session.isSignedIn {
            HomeView().identityConfirmation(demo.device.identityPrompt)
        } else {
            FlowPicker()
        }
    }
}

/// Face ID did not open the session: try again, or sign in with the password.
struct LockedView: View {
    @Environment(Demo.self) private var demo

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "faceid").font(.largeTitle).accessibilityHidden(true)
            Text("Doorstep is locked").font(.title2)
            Button("Unlock with Face ID") { Task { await demo.unlockWithFaceID() } }
                .buttonStyle(.borderedProminent)
            Button("Sign in with password") { Task { await demo.signInWithPassword() } }
        }
    }
}

struct FlowPicker: View {
    @Environment(Demo.self) private var demo
    @AppStorage("serverURL") private var serverURL = "http://localhost:8080"
    @State private var running: RunningFlow?

    private let flows = [
        ("tanda", "TANDA", "Shared savings: carousel, email code, password, four onboarding steps"),
        ("trainer", "AI Personal Trainer", "Intro, 22 intake questions, sign-in after intake, a program"),
        ("familysync", "FamilySync", "Aurora carousel, iCloud or guest, create or join a household"),
        ("destiny", "Destiny", "Splash, four slides, Apple / Google / email, birth data"),
        ("kordant", "Kordant", "Log in or sign up, plans, watchlist, invites, Face ID"),
    ]

    var body: some View {
        NavigationStack {
            List {
                Section("Server (used from the next launch)") {
                    TextField("Server URL", text: $serverURL)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                }
                Section("Flows") {
                    ForEach(flows, id: \.0) { id, name, summary in
                        Button {
                            running = RunningFlow(id: id)
                        } label: {
                            VStack(alignment: .leading) {
                                Text(name).font(.headline)
                                Text(summary).font(.caption).foregroundStyle(.secondary)
                            }
                        }
                    }
                }
            }
            .navigationTitle("Doorstep")
            .fullScreenCover(item: $running) { running in
                FlowView(
                    flowID: running.id, client: demo.client, device: demo.device,
                    modules: [TrainerModule(client: demo.client)], events: demo.events,
                    offeredProviders: ["apple", "passkey"]
                ) {
                    self.running = nil
                }
                .overlay(alignment: .topTrailing) {
                    Button("Close") { self.running = nil }.padding()
                }
            }
        }
    }
}

/// The flow on screen.
struct RunningFlow: Identifiable {
    let id: String
}

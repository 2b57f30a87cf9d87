import DoorstepClient
import DoorstepUI
import SwiftUI

/// Pick any of the five reference flows and walk it against a Doorstep server (by default the one
/// `swift run doorstep serve` starts on this Mac).
@main
struct DoorstepDemoApp: App {
    var body: some Scene {
        WindowGroup { FlowPicker() }
    }
}

struct FlowPicker: View {
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
                Section("Server") {
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
                let flowID = running.id
                FlowView(
                    flowID: flowID,
                    client: DoorstepClient(
                        serverURL: URL(string: serverURL) ?? URL(string: "http://localhost:8080")!,
                        tokenStore: KeychainTokenStore(service: "dev.doorstep.demo.\(flowID)")),
                    device: AppleDeviceEffects(tokens: KeychainTokenStore(service: "dev.doorstep.demo.\(flowID)"))
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

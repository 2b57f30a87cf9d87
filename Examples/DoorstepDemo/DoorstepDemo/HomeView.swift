import DoorstepClient
import DoorstepUI
import SwiftUI

/// The signed-in home: who is signed in, sign-out, and deleting the account from inside the app, as
/// App Store guideline 5.1.1(v) asks. Deletion long after sign-in asks for the password or a mailed code
/// first (the server answers `reauthentication_required`), in the same sheet the flows use.
struct HomeView: View {
    @Environment(Demo.self) private var demo
    @State private var email: String?
    @State private var confirmsDeletion = false
    @State private var isWorking = false
    @State private var problem: String?
    @State private var usesFaceID = false

    var body: some View {
        NavigationStack {
            List {
                Section("Signed in") {
                    Text(email ?? "A guest")
                    if let problem { Text(problem).foregroundStyle(.secondary) }
                }
                Section("Security") {
                    // Off deletes the copy only Face ID opens; on asks for Face ID, then keeps one.
                    Toggle("Sign in with Face ID", isOn: $usesFaceID)
                        .onChange(of: usesFaceID) { _, isOn in Task { await setFaceID(isOn) } }
                }
                Section("Account") {
                    Button("Sign out") { Task { await signOut() } }
                        .disabled(isWorking)
                    Button("Delete account…", role: .destructive) { confirmsDeletion = true }
                        .disabled(isWorking)
                }
            }
            .navigationTitle("Home")
            .task {
                usesFaceID = await demo.tokens.isEnabled
                email = try? await demo.client.me().email
            }
            .confirmationDialog("Delete your account and everything in it?", isPresented: $confirmsDeletion) {
                Button("Delete account", role: .destructive) { Task { await deleteAccount() } }
                Button("Cancel", role: .cancel) {}
            }
        }
    }

    private func setFaceID(_ isOn: Bool) async {
        guard isOn != (await demo.tokens.isEnabled) else { return }
        if isOn {
            if !(await demo.device.enableBiometrics()) { usesFaceID = false }
        } else {
            await demo.tokens.disable()
        }
    }

    private func signOut() async {
        isWorking = true
        defer { isWorking = false }
        try? await demo.client.logOut()
        await demo.device.forgetBiometrics()
    }

    private func deleteAccount() async {
        isWorking = true
        defer { isWorking = false }
        let client = demo.client
        do {
            try await client.withRecentSignIn(confirmingWith: demo.device) { try await client.deleteAccount() }
            await demo.device.forgetBiometrics()
        } catch let error as DoorstepError where error.code == .reauthenticationRequired {
            problem = "Your account was kept: confirm who you are to delete it."
        } catch {
            problem = "The account could not be deleted. Check your connection and try again."
        }
    }
}

import DoorstepFlow
import Foundation
import Testing

/// A performer that is a value, as the web funnel's is: a sign-in changes it, and the reads that
/// follow (the walk kept on the server, whether the flow was submitted) need the session it opened.
private struct SessionPerformer: FlowEffectPerformer {
    var signedIn = false

    private func session() throws {
        if !signedIn { throw EffectFailure.unauthenticated }
    }

    private mutating func signIn() -> EffectSignIn {
        signedIn = true
        return EffectSignIn(isNewUser: true, email: "sam@example.com")
    }

    func identify(email: String) async throws -> EffectIdentity { throw EffectFailure.unavailable }
    func sendCode(email: String, purpose: String) async throws {}
    mutating func verifyCode(email: String, code: String, purpose: String) async throws -> EffectSignIn { signIn() }
    mutating func signUp(_ request: EffectSignUp) async throws -> EffectSignIn { signIn() }
    mutating func logIn(email: String, password: String, remember: Bool) async throws -> EffectSignIn { signIn() }
    func forgotPassword(email: String) async throws {}
    mutating func resetPassword(email: String, code: String, newPassword: String) async throws -> EffectSignIn {
        signIn()
    }
    mutating func setPassword(_ newPassword: String) async throws { try session() }
    mutating func signInWithApple(remember: Bool) async throws -> EffectSignIn { signIn() }
    mutating func signInWithGoogle(remember: Bool) async throws -> EffectSignIn { signIn() }
    mutating func signInWithPasskey(remember: Bool) async throws -> EffectSignIn { signIn() }
    mutating func continueAsGuest() async throws -> EffectSignIn { signIn() }
    mutating func addPasskey(name: String?) async throws { try session() }
    func saveProfile(firstName: String?, lastName: String?, name: String?) async throws { try session() }
    func acceptConsents(_ consents: [EffectConsent]) async throws { try session() }
    mutating func pickImage() async throws -> String { "" }
    mutating func uploadAvatar(image reference: String) async throws -> String { "" }
    func createGroup(name: String, kind: String) async throws -> EffectGroup { throw EffectFailure.unavailable }
    func joinGroup(inviteCode: String) async throws -> EffectGroup { throw EffectFailure.unavailable }
    func inviteMembers(groupID: String, emails: [String]) async throws -> EffectInvitations {
        throw EffectFailure.unavailable
    }
    func submitAnswers(_ answers: [String: Value], flow: FlowDefinition) async throws { try session() }
    func hasSubmittedAnswers(flow: FlowDefinition) async throws -> Bool {
        try session()
        return false
    }
    func keptWalk(flow: FlowDefinition) async throws -> FlowSnapshot? {
        try session()
        return nil
    }
    func requestPermission(_ permission: String) async throws -> Bool { false }
    func enableBiometrics() async throws -> Bool { false }
    mutating func logOut() async throws { signedIn = false }
    func canAddPasskey() async -> Bool { false }
    func canEnableBiometrics() async -> Bool { false }
    func trainerGoalOptions(instruction: String?) async throws -> [EffectGoalOption] { [] }
    func trainerConfirmGoal(optionID: String) async throws -> String { "" }
    func trainerProgram(editing programID: String?, instruction: String?) async throws -> EffectProgram {
        throw EffectFailure.unavailable
    }
    func trainerActivateProgram(id: String) async throws -> String { "" }
    mutating func failure(for error: any Error) -> EffectFailure { error as? EffectFailure ?? .unavailable }
}

@Suite("Effect dispatcher")
struct EffectDispatcherTests {
    @Test(
        "Every sign-in reads the account's kept walk with the session it just opened, and the host keeps it",
        arguments: [
            FlowEffect.verifyCode, .signUp, .logIn, .resetPassword, .signInWithApple, .signInWithGoogle,
            .signInWithPasskey,
        ])
    func signInThenRead(_ effect: FlowEffect) async throws {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/signup", withExtension: "json"))
        let flow = try FlowDefinition.decode(from: Data(contentsOf: url))
        var performer = SessionPerformer()
        let step = await FlowEffectDispatcher.run(
            EffectRequest(id: 1, name: effect.rawValue, arguments: [:]), flow: flow, answers: [:], on: &performer)
        guard case .finished(.success(let results)) = step else {
            Issue.record("\(effect.rawValue) ended \(step)")
            return
        }
        #expect(results["flow.completed"] == false)
        #expect(performer.signedIn, "the performer the host holds is the signed-in one")
    }
}

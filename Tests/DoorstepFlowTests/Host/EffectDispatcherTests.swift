import DoorstepFlow
import Foundation
import Testing

/// A performer that is a value, as the web funnel's is: a sign-in changes it, and the reads that
/// follow (the walk kept on the server, whether the flow was submitted) need the session it opened.
struct SessionPerformer: FlowEffectPerformer {
    var signedIn = false
    /// The products the account holds.
    var owned: [String] = []
    /// What each purchase was asked for.
    var purchases: [EffectPurchase] = []

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
    var modules: [any FlowModule] = []
    mutating func purchase(_ purchase: EffectPurchase) async throws -> String? {
        try session()
        purchases.append(purchase)
        if let product = purchase.productID { owned.append(product) }
        return owned.first
    }
    mutating func restorePurchases() async throws -> String? {
        try session()
        return owned.first
    }
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

    @Test("A paywall buys the chosen plan's product and delivers what the account may use")
    func purchaseChosenPlan() async throws {
        let flow = try paywallFlow()
        var performer = SessionPerformer(signedIn: true)
        let step = await FlowEffectDispatcher.run(
            EffectRequest(id: 1, name: "purchase", arguments: ["field": "plan"]), flow: flow,
            answers: ["plan": "plus"], on: &performer)
        #expect(step == .finished(.success(["entitlement": "com.example.plus"])))
        #expect(performer.purchases.map(\.productID) == ["com.example.plus"])
        #expect(performer.purchases.map(\.plan) == ["plus"])
    }

    @Test("A free plan is chosen without buying: nothing is entitled, the walk goes on")
    func freePlan() async throws {
        var performer = SessionPerformer(signedIn: true)
        let step = await FlowEffectDispatcher.run(
            EffectRequest(id: 1, name: "purchase", arguments: ["field": "plan"]), flow: try paywallFlow(),
            answers: ["plan": "basic"], on: &performer)
        #expect(step == .finished(.success(["entitlement": ""])))
        #expect(performer.purchases.map(\.productID) == [nil])
    }

    @Test("Buying with no plan chosen asks for one; restoring with nothing owned says so")
    func refusals() async throws {
        let flow = try paywallFlow()
        var performer = SessionPerformer(signedIn: true)
        let unchosen = await FlowEffectDispatcher.run(
            EffectRequest(id: 1, name: "purchase", arguments: ["field": "plan"]), flow: flow, answers: [:],
            on: &performer)
        #expect(unchosen == .finished(.failure(code: "validation_failed", message: "Please choose a plan.")))
        let restored = await FlowEffectDispatcher.run(
            EffectRequest(id: 2, name: "restorePurchases", arguments: [:]), flow: flow, answers: [:], on: &performer)
        #expect(
            restored
                == .finished(.failure(code: "nothing_to_restore", message: "No purchases were found for this account."))
        )
        #expect(performer.purchases.isEmpty)
    }

    private func paywallFlow() throws -> FlowDefinition {
        var plus = ChoiceOption(value: "plus")
        plus.productId = "com.example.plus"
        var plan = FieldDefinition(id: "plan", kind: .singleChoice)
        plan.options = [ChoiceOption(value: "basic"), plus]
        var flow = try #require(Bundle.module.url(forResource: "Fixtures/signup", withExtension: "json")).flow()
        flow.fields.append(plan)
        return flow
    }
}

extension URL {
    fileprivate func flow() throws -> FlowDefinition { try FlowDefinition.decode(from: Data(contentsOf: self)) }
}

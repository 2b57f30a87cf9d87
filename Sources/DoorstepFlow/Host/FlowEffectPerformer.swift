import Foundation

/// How a host performs the catalogue's effects: the SDK over HTTP and the device, the web funnel
/// in-process. Everything else — reading arguments, shaping results, which answers are sent, how a
/// failure reaches the engine — is the shared ``FlowEffectDispatcher``'s, so app and web cannot drift.
///
/// Methods throw what their host throws; ``failure(for:)`` turns that into what the engine shows. A
/// method throws ``EffectSuspended`` when the effect waits for the person somewhere else (a
/// provider's page, an authenticator app's code asked on a page of its own).
public protocol FlowEffectPerformer {
    /// Whether an email has an account, and whether that account has a password to sign in with.
    func identify(email: String) async throws -> EffectIdentity
    func sendCode(email: String, purpose: String) async throws
    mutating func verifyCode(email: String, code: String, purpose: String) async throws -> EffectSignIn
    mutating func signUp(_ request: EffectSignUp) async throws -> EffectSignIn
    mutating func logIn(email: String, password: String, remember: Bool) async throws -> EffectSignIn
    func forgotPassword(email: String) async throws
    mutating func resetPassword(email: String, code: String, newPassword: String) async throws -> EffectSignIn
    mutating func setPassword(_ newPassword: String) async throws
    mutating func signInWithApple(remember: Bool) async throws -> EffectSignIn
    mutating func signInWithGoogle(remember: Bool) async throws -> EffectSignIn
    mutating func signInWithPasskey(remember: Bool) async throws -> EffectSignIn
    /// Signs in as a guest, or tells what the signed-in account already is.
    mutating func continueAsGuest() async throws -> EffectSignIn
    mutating func addPasskey(name: String?) async throws
    /// Saves a name: a first and a last name, or a full `name` kept whole as typed.
    func saveProfile(firstName: String?, lastName: String?, name: String?) async throws
    func acceptConsents(_ consents: [EffectConsent]) async throws
    /// A photo the person picked, as a reference ``uploadAvatar(image:)`` understands.
    mutating func pickImage() async throws -> String
    /// Uploads the picked photo; returns its address.
    mutating func uploadAvatar(image reference: String) async throws -> String
    func createGroup(name: String, kind: String) async throws -> EffectGroup
    func joinGroup(inviteCode: String) async throws -> EffectGroup
    /// Mails invitations; returns how many were sent and why the others were not.
    func inviteMembers(groupID: String, emails: [String]) async throws -> EffectInvitations
    /// Keeps the answers (never a secret field's: the dispatcher leaves those out).
    func submitAnswers(_ answers: [String: Value], flow: FlowDefinition) async throws
    /// Whether the signed-in account has submitted answers to the flow (the server's word).
    func hasSubmittedAnswers(flow: FlowDefinition) async throws -> Bool
    /// The signed-in account's walk of the flow as the server keeps it (the server's word: a walk made
    /// in another browser or on another device); nil when there is none.
    func keptWalk(flow: FlowDefinition) async throws -> FlowSnapshot?
    /// Whether the person granted the permission; a host that cannot ask throws what to say.
    func requestPermission(_ permission: String) async throws -> Bool
    /// Whether Face ID or Touch ID was enrolled; a host that cannot throws what to say.
    func enableBiometrics() async throws -> Bool
    mutating func logOut() async throws
    /// Whether this host can make a passkey for the signed-in person (the device or browser can, and
    /// the server takes them), so that a flow offers one only where it works.
    func canAddPasskey() async -> Bool
    /// Whether this host can turn on Face ID or Touch ID sign-in (a device with biometrics enrolled),
    /// so that a flow offers it only where it works: never in a browser.
    func canEnableBiometrics() async -> Bool
    /// Buys a paywall's plan for the signed-in account (or records the choice, where nothing is sold);
    /// returns the App Store product the account is entitled to afterwards, nil when none: a free plan,
    /// a purchase waiting for a parent's approval, a host that sells nothing.
    mutating func purchase(_ purchase: EffectPurchase) async throws -> String?
    /// Restores the signed-in account's purchases; returns the product it is entitled to, or nil.
    mutating func restorePurchases() async throws -> String?
    /// The app's own effects this host runs (`module.operation`), such as the trainer's.
    var modules: [any FlowModule] { get }

    /// What the engine shows for an error thrown by one of the methods above.
    mutating func failure(for error: any Error) -> EffectFailure

    /// Runs the work of the effect `name`: a host may wrap it, as the server records a span for each
    /// effect so that what the effect causes (a hash, a transaction, a mail) is seen as its own.
    func around<Result>(effect name: String, _ work: () async -> Result) async -> Result
}

extension FlowEffectPerformer {
    /// Runs the work as it is.
    public func around<Result>(effect name: String, _ work: () async -> Result) async -> Result {
        await work()
    }
}

/// Thrown by a performer when its effect waits for the person elsewhere; the engine keeps it pending.
public struct EffectSuspended: Error, Sendable {
    /// Creates the signal.
    public init() {}
}

/// A sign-up's details, as the flow passed them.
public struct EffectSignUp: Sendable, Hashable {
    public var email: String
    public var password: String
    public var firstName: String?
    public var lastName: String?
    /// A full name typed in one field, kept as typed.
    public var name: String?
    public var consents: [EffectConsent]
}

/// A plan a person chose on a paywall.
public struct EffectPurchase: Sendable, Hashable {
    /// The flow whose paywall it is.
    public var flowID: String
    /// The paywall's field.
    public var field: String
    /// The plan's value, such as `plus`.
    public var plan: String
    /// The App Store product the plan sells; nil for a free plan.
    public var productID: String?
}

/// A document and the version of it a person accepted.
public struct EffectConsent: Sendable, Hashable {
    public var document: String
    public var version: String
}

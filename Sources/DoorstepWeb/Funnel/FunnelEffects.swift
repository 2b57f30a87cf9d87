import DoorstepFlow
import DoorstepHTTP
import DoorstepServerCore
import Foundation

/// How the web funnel performs a flow's effects for one browser request: in-process, through the
/// same services as the API. Arguments, results and the shared failures are the
/// ``FlowEffectDispatcher``'s, as in the app. Sign-ins update the browser's ``FunnelState/signedIn``.
struct FunnelEffects: FlowEffectPerformer {
    let services: ServerServices
    /// What guards sign-ups, code sends, guests and password log-ins.
    let proofs: HumanProofGate
    /// The puzzle the page's script solved, if the form carried one.
    var puzzle: PuzzleSolution?
    /// Whether this request's puzzle has let an action through: one form may run several guarded
    /// effects (a sign-up, then a code), and a puzzle is spent once.
    let proven = ProvenOnce()
    let meta: RequestMeta
    /// The photo the request carried, if its form had a file input.
    let upload: Data?
    var signedIn: FunnelState.SignedInBrowser?
    /// Providers the browser can be sent to for a sign-in.
    var webProviders: Set<String> = []
    /// The identity token a provider sent back, for the sign-in waiting on it.
    var providerCredential: (provider: String, idToken: String, rawNonce: String)?
    /// Set when a sign-in needs the browser to visit its provider first; the effect then stays
    /// pending in the engine until the provider sends the browser back.
    private(set) var awaitingProvider: String?
    /// The credential the browser's passkey made for this request (WebAuthn JSON), if it made one.
    var passkeyResponse: String?
    /// `false` after a sign-in without "Remember me": it must end when the browser closes.
    private(set) var remembersSignIn = true
    /// Set when a change needed a recent sign-in: the person confirms who they are, then tries again.
    private(set) var needsConfirmation = false
    /// Set when a sign-in's first factor was right and the account asks for its authenticator app's
    /// code: the effect stays pending while the browser is asked, with this challenge.
    private(set) var awaitingSecondFactor: String?
    /// The session a completed second factor opened, for the sign-in effect waiting on it.
    var completedSignIn: AuthSession?

    /// The refusal the API answers with, so the page says what the app hears (a crowd at the hasher
    /// is 429 `rate_limited`, an address taken in a race `email_taken`); anything else is unavailable.
    mutating func failure(for error: any Error) -> EffectFailure {
        guard let error = error as? any ProblemConvertible else { return .unavailable }
        return failure(for: error.serviceError)
    }

    /// A refusal as the API states it: the code, and the words of its first field problem or its detail.
    private mutating func failure(for error: ServiceError) -> EffectFailure {
        if error.code == .sessionRevoked || error.code == .unauthenticated { signedIn = nil }
        // An account without an email address has nothing to confirm with: the screen says to sign in again.
        if error == .reauthenticationRequired { needsConfirmation = true }
        return EffectFailure(code: error.code.rawValue, message: error.fieldProblems.first?.message ?? error.detail)
    }

    // MARK: - Accounts

    func identify(email: String) async throws -> EffectIdentity {
        let identity = try await services.auth.signIn.identify(email: email)
        return EffectIdentity(exists: identity.exists, hasPassword: identity.methods.contains("password"))
    }

    func sendCode(email: String, purpose: String) async throws {
        try await requireProof(.codeSend)
        _ = try await services.auth.codes.sendCode(
            email: email, purpose: CodePurpose(rawValue: purpose), language: meta.language)
    }

    mutating func verifyCode(email: String, code: String, purpose: String) async throws -> EffectSignIn {
        try await signingIn {
            try await $0.services.auth.signIn.verifyCode(
                email: email, code: code, purpose: CodePurpose(rawValue: purpose), meta: $0.meta)
        }
    }

    mutating func signUp(_ request: EffectSignUp) async throws -> EffectSignIn {
        try await requireProof(.signUp)
        return try await signingIn {
            try await $0.services.auth.signIn.signUp(
                email: request.email, password: request.password, firstName: request.firstName,
                lastName: request.lastName, name: request.name,
                consents: request.consents.map { ($0.document, $0.version) }, meta: $0.meta)
        }
    }

    mutating func logIn(email: String, password: String, remember: Bool) async throws -> EffectSignIn {
        try await requireProof(.passwordLogIn)
        return try await signingIn(remember: remember) {
            try await $0.services.auth.signIn.logIn(email: email, password: password, meta: $0.meta)
        }
    }

    func forgotPassword(email: String) async throws {
        try await requireProof(.codeSend)
        _ = try await services.auth.passwords.forgotPassword(email: email, language: meta.language)
    }

    mutating func resetPassword(email: String, code: String, newPassword: String) async throws -> EffectSignIn {
        try await signingIn {
            try await $0.services.auth.passwords.resetPassword(
                email: email, code: code, newPassword: newPassword, meta: $0.meta)
        }
    }

    mutating func setPassword(_ newPassword: String) async throws {
        try await services.auth.passwords.setPassword(newPassword: newPassword, currentPassword: nil, caller: caller())
    }

    mutating func signInWithApple(remember: Bool) async throws -> EffectSignIn {
        try await signInWithProvider("apple", remember: remember)
    }

    mutating func signInWithGoogle(remember: Bool) async throws -> EffectSignIn {
        try await signInWithProvider("google", remember: remember)
    }

    /// Signs in with the token the provider sent back, or sends the browser to the provider first.
    private mutating func signInWithProvider(_ provider: String, remember: Bool) async throws -> EffectSignIn {
        if completedSignIn == nil {
            guard let credential = providerCredential, credential.provider == provider else {
                guard webProviders.contains(provider) else {
                    throw EffectFailure(.cancelled, message: "Sign-in with Apple or Google is available in the app.")
                }
                awaitingProvider = provider
                throw EffectSuspended()
            }
        }
        let credential = providerCredential
        providerCredential = nil
        return try await signingIn(remember: remember) {
            guard let credential else { throw ServiceError.unauthenticated }
            return try await $0.services.providers.signIn(
                provider: provider, token: credential.idToken, rawNonce: credential.rawNonce, authorizationCode: nil,
                firstName: nil, lastName: nil, meta: $0.meta)
        }
    }

    mutating func signInWithPasskey(remember: Bool) async throws -> EffectSignIn {
        let passkeys = try services.requirePasskeys()
        guard let response = try passkeyMessage(AuthenticationResponse.self) else {
            throw EffectFailure(.passkeyRequired, message: "Use your passkey to continue, or sign in another way.")
        }
        return try await signingIn(remember: remember) { try await passkeys.authenticate(response, meta: $0.meta) }
    }

    mutating func continueAsGuest() async throws -> EffectSignIn {
        if let signedIn { return EffectSignIn(isNewUser: false, isGuest: signedIn.isGuest) }
        try await requireProof(.guest)
        let session = try await services.auth.signIn.continueAsGuest(meta: meta)
        return adopt(session, isGuest: true)
    }

    mutating func addPasskey(name: String?) async throws {
        let passkeys = try services.requirePasskeys()
        guard let response = try passkeyMessage(RegistrationResponse.self) else {
            throw EffectFailure(.passkeyRequired, message: "This browser did not create a passkey.")
        }
        let user = try await services.auth.sessions.activeUser(try caller())
        _ = try await passkeys.register(response, for: user, name: name)
    }

    /// The browser makes the passkey in the page's script; the server must take them.
    func canAddPasskey() async -> Bool {
        services.passkeys != nil
    }

    mutating func logOut() async throws {
        try await services.auth.sessions.logOut(try caller())
        signedIn = nil
    }

    /// Runs a sign-in and adopts its session for the browser — or the session a second factor just
    /// completed for it. A sign-in whose account asks for its authenticator app's code waits for it.
    private mutating func signingIn(
        remember: Bool = true, _ signIn: (Self) async throws -> AuthSession
    ) async throws -> EffectSignIn {
        if let session = completedSignIn {
            // The sign-in a second factor or a provider completed keeps the choice its screen made.
            completedSignIn = nil
            remembersSignIn = remember
            return adopt(session)
        }
        do {
            let session = try await signIn(self)
            remembersSignIn = remember
            return adopt(session)
        } catch let error as ServiceError where error.code == .mfaRequired {
            guard let challenge = error.secondFactorChallenge else { throw error }
            awaitingSecondFactor = challenge
            remembersSignIn = remember
            throw EffectSuspended()
        }
    }

    /// Remembers the session for the browser.
    private mutating func adopt(_ session: AuthSession, isGuest: Bool = false) -> EffectSignIn {
        signedIn = FunnelState.SignedInBrowser(userID: session.user.id, sessionID: session.sessionID, isGuest: isGuest)
        return EffectSignIn(isNewUser: session.isNewUser, isGuest: isGuest, email: session.user.email)
    }

    /// The browser's passkey response, read once.
    private mutating func passkeyMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
        guard let text = passkeyResponse else { return nil }
        passkeyResponse = nil
        guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else {
            throw PasskeyError.malformed("the browser's passkey response is not WebAuthn JSON")
        }
        return message
    }

    /// The signed-in caller. The controller checked its session against storage when the request
    /// began (a session ended elsewhere signs the browser out), so effects do not ask again.
    /// The trainer's, for the person signed in when the effect runs.
    var modules: [any FlowModule] {
        [TrainerModule(planner: FunnelTrainerPlanner(trainer: services.trainer, caller: signedIn?.caller))]
    }

    func caller() throws -> Caller {
        guard let signedIn else { throw ServiceError.unauthenticated }
        return signedIn.caller
    }
}

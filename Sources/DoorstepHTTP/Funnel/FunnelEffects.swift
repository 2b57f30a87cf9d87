import DoorstepFlow
import DoorstepServerCore
import Foundation

/// Runs a flow's effects for one browser request, in-process: the web counterpart of the SDK's
/// `FlowEffectRunner`. Sign-ins update the browser's ``FunnelState/signedIn``.
struct FunnelEffects {
    let services: ServerServices
    let flow: FlowDefinition
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
    /// `false` after a log-in without "Remember me": the sign-in must end when the browser closes.
    private(set) var remembersSignIn = true
    /// Set when a change needed a recent sign-in: the person confirms who they are, then tries again.
    private(set) var needsConfirmation = false
    /// Set when a sign-in's first factor was right and the account asks for its authenticator app's
    /// code: the effect stays pending while the browser is asked, with this challenge.
    private(set) var awaitingSecondFactor: String?
    /// The session a completed second factor opened, for the sign-in effect waiting on it.
    var completedSignIn: AuthSession?
    /// The effects that sign in, which a second factor may complete.
    static let signInEffects: Set<String> = [
        "verifyCode", "logIn", "resetPassword", "signInWithApple", "signInWithGoogle",
    ]

    /// Runs one effect; failures come back as results the engine shows, never as thrown errors.
    mutating func run(_ request: EffectRequest, answers: [String: Value]) async -> EffectOutcome.Result {
        do {
            return .success(try await perform(request, answers: answers))
        } catch let error as ServiceError {
            if error.code == .sessionRevoked || error.code == .unauthenticated { signedIn = nil }
            if error.code == .reauthenticationRequired { needsConfirmation = true }
            if error.code == .mfaRequired, let challenge = error.secondFactorChallenge {
                awaitingSecondFactor = challenge
            }
            return .failure(code: error.code.rawValue, message: error.fieldProblems.first?.message ?? error.detail)
        } catch is HashingBusy {
            // The hashing queue stayed full for its longest wait: say so, rather than a rate limit.
            return .failure(
                code: "busy", message: "Many people are signing in right now. Please try again in a few seconds.")
        } catch let error as PasskeyError {
            let error = error.serviceError
            return .failure(code: error.code.rawValue, message: error.detail)
        } catch let declined as Declined {
            return .failure(code: declined.code, message: declined.reason)
        } catch {
            return .failure(code: "unavailable", message: "Something went wrong. Please try again.")
        }
    }

    /// An effect the browser cannot or did not do, such as a permission it was not granted.
    struct Declined: Error {
        var reason: String?
        /// `cancelled` fails quietly; another code shows the reason.
        var code = "cancelled"
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func perform(_ request: EffectRequest, answers: [String: Value]) async throws -> [String: Value] {
        let arguments = request.arguments
        func text(_ key: String) -> String { arguments[key]?.stringValue ?? "" }
        if let session = completedSignIn, Self.signInEffects.contains(request.name) {
            completedSignIn = nil
            return try await signedIn(session)
        }
        switch request.name {
        case "identify":
            return ["account.exists": .bool(try await services.auth.identify(email: text("email")).exists)]
        case "sendCode":
            _ = try await services.auth.sendCode(email: text("email"), purpose: CodePurpose(rawValue: text("purpose")))
            return [:]
        case "verifyCode":
            let session = try await services.auth.verifyCode(
                email: text("email"), code: text("code"), purpose: CodePurpose(rawValue: text("purpose")), meta: meta)
            return try await signedIn(session)
        case "signUp":
            let session = try await services.auth.signUp(
                email: text("email"), password: text("password"), firstName: arguments["firstName"]?.stringValue,
                lastName: arguments["lastName"]?.stringValue, name: arguments["name"]?.stringValue,
                consents: request.consents, meta: meta)
            return try await signedIn(session)
        case "logIn":
            let session = try await services.auth.logIn(email: text("email"), password: text("password"), meta: meta)
            remembersSignIn = arguments["remember"]?.boolValue ?? true
            return try await signedIn(session)
        case "forgotPassword":
            _ = try await services.auth.forgotPassword(email: text("email"))
            return [:]
        case "resetPassword":
            let session = try await services.auth.resetPassword(
                email: text("email"), code: text("code"), newPassword: text("newPassword"), meta: meta)
            return try await signedIn(session)
        case "setPassword":
            try await services.auth.setPassword(
                newPassword: text("newPassword"), currentPassword: nil, caller: caller())
            return [:]
        case "continueAsGuest":
            if signedIn != nil { return ["session.isGuest": .bool(signedIn?.isGuest ?? false)] }
            _ = try await signedIn(try await services.auth.continueAsGuest(meta: meta), isGuest: true)
            return ["session.isGuest": true]
        case "signInWithApple", "signInWithGoogle":
            let provider = request.name == "signInWithApple" ? "apple" : "google"
            guard let credential = providerCredential, credential.provider == provider else {
                guard webProviders.contains(provider) else {
                    throw Declined(reason: "Sign-in with Apple or Google is available in the app.")
                }
                awaitingProvider = provider
                throw Declined()
            }
            providerCredential = nil
            let session = try await services.providers.signIn(
                provider: provider, token: credential.idToken, rawNonce: credential.rawNonce, authorizationCode: nil,
                firstName: nil, lastName: nil, meta: meta)
            return try await signedIn(session)
        case "signInWithPasskey":
            let passkeys = try services.requirePasskeys()
            guard let response = try passkeyMessage(AuthenticationResponse.self) else {
                throw Declined(
                    reason: "Use your passkey to continue, or sign in another way.", code: "passkey_required")
            }
            return try await signedIn(try await passkeys.authenticate(response, meta: meta))
        case "addPasskey":
            let passkeys = try services.requirePasskeys()
            guard let response = try passkeyMessage(RegistrationResponse.self) else {
                throw Declined(reason: "This browser did not create a passkey.", code: "passkey_required")
            }
            let user = try await services.auth.activeUser(try caller())
            _ = try await passkeys.register(response, for: user, name: arguments["name"]?.stringValue)
            return ["passkey.added": true]
        case "saveProfile":
            let names = request.profileNames
            _ = try await services.profile.updateProfile(try caller(), firstName: names.first, lastName: names.last)
            return [:]
        case "acceptConsents":
            _ = try await services.profile.acceptConsents(try caller(), request.consents)
            return [:]
        case "pickImage":
            guard upload?.isEmpty == false else {
                throw Declined(reason: "Choose a photo first.", code: "photo_required")
            }
            return [text("field"): "upload"]
        case "uploadAvatar":
            guard let upload, !upload.isEmpty else {
                throw Declined(reason: "Choose a photo first.", code: "photo_required")
            }
            let user = try await services.profile.uploadAvatar(try caller(), data: upload)
            return ["avatar.url": .string(user.avatarID.map { "/v1/avatars/\($0)" } ?? "")]
        case "createGroup":
            return Self.group(
                try await services.groups.create(try caller(), name: text("name"), kind: text("kind")))
        case "joinGroup":
            return Self.group(try await services.groups.join(try caller(), inviteCode: text("inviteCode")))
        case "inviteMembers":
            let emails = (arguments["emails"]?.arrayValue ?? []).compactMap(\.stringValue)
            let result = try await services.groups.invite(try caller(), groupID: text("groupId"), emails: emails)
            return ["invitations.sent": .int(result.invited.count)]
        case "submitAnswers":
            var submitted: [String: Value] = [:]
            for field in (arguments["fields"]?.arrayValue ?? []).compactMap(\.stringValue) {
                guard let answer = answers[field], flow.field(field)?.isSecret == false else { continue }
                submitted[field] = answer
            }
            if !submitted.isEmpty {
                _ = try await services.flows.submitAnswers(
                    try caller(), flowID: flow.id, flowVersion: flow.version, answers: submitted)
            }
            return ["flow.completed": true]
        case "requestPermission":
            // A browser page cannot grant what flows ask for (notifications, iCloud); the app asks later.
            throw Declined(reason: "You can turn this on in the app.")
        case "enableBiometrics":
            throw Declined(reason: "Face ID is available in the app.")
        case "checkAnswers":
            return ["flow.completed": .bool(try await hasAnswers(try caller()))]
        case "logOut":
            try await services.auth.logOut(try caller())
            signedIn = nil
            return ["session.active": false]
        case "trainer.goalOptions":
            return Self.goalOptions(try await services.trainer.goalOptions(try caller()))
        case "trainer.editGoalOptions":
            return Self.goalOptions(
                try await services.trainer.editGoalOptions(try caller(), instruction: text("instruction")))
        case "trainer.confirmGoal":
            let confirmed = try await services.trainer.confirmGoal(try caller(), optionID: text("optionId"))
            return ["trainer.goal.id": .string(confirmed.goal.id)]
        case "trainer.draftProgram":
            return Self.program(try await services.trainer.draftProgram(try caller()))
        case "trainer.editProgram":
            return Self.program(
                try await services.trainer.editProgram(
                    try caller(), programID: text("programId"), instruction: text("instruction")))
        case "trainer.activateProgram":
            let program = try await services.trainer.activateProgram(try caller(), programID: text("programId"))
            return ["trainer.program.status": .string(program.status)]
        default:
            throw Declined(reason: "This page cannot run \(request.name).")
        }
    }

    /// The signed-in caller. The controller checked its session against storage when the request
    /// began (a session ended elsewhere signs the browser out), so effects do not ask again.
    /// The browser's passkey response, read once.
    private mutating func passkeyMessage<Message: Decodable>(_ type: Message.Type) throws -> Message? {
        guard let text = passkeyResponse else { return nil }
        passkeyResponse = nil
        guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else {
            throw PasskeyError.malformed("the browser's passkey response is not WebAuthn JSON")
        }
        return message
    }

    private func caller() throws -> Caller {
        guard let signedIn else { throw ServiceError.unauthenticated }
        return signedIn.caller
    }

    /// Remembers the session for the browser and returns the results every sign-in shares.
    private mutating func signedIn(_ session: AuthSession, isGuest: Bool = false) async throws -> [String: Value] {
        signedIn = FunnelState.SignedInBrowser(
            userID: session.user.id, sessionID: session.sessionID, isGuest: isGuest)
        return [
            "session.active": true, "session.isNewUser": .bool(session.isNewUser), "session.isGuest": .bool(isGuest),
            "flow.completed": .bool(try await hasAnswers(session.caller)),
        ]
    }

    /// Whether the caller has submitted answers to this flow (the server's word, not a draft's).
    private func hasAnswers(_ caller: Caller) async throws -> Bool {
        do {
            return !(try await services.flows.answers(caller, flowID: flow.id)).isEmpty
        } catch let error as ServiceError where error.code == .notFound {
            return false
        }
    }

    private static func group(_ view: GroupView) -> [String: Value] {
        [
            "group.id": .string(view.group.id.uuidString), "group.name": .string(view.group.name),
            "group.inviteCode": .string(view.group.inviteCode),
        ]
    }

    private static func goalOptions(_ options: [GoalOption]) -> [String: Value] {
        let values: [Value] = options.map {
            ["id": .string($0.id), "summary": .string($0.summary), "detail": .string($0.detail)]
        }
        return ["trainer.goalOptions": .array(values)]
    }

    private static func program(_ program: TrainingProgram) -> [String: Value] {
        [
            "trainer.program.id": .string(program.id.uuidString), "trainer.program.version": .int(program.version),
            "trainer.program.markdown": .string(program.markdown),
        ]
    }
}

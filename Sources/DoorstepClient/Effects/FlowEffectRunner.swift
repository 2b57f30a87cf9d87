import DoorstepFlow
import Foundation
import Synchronization

/// How an app performs the flow's effects: over HTTP through the SDK, and on the device for what
/// only the device can do (a photo, a permission, the Apple sheet, a passkey). Arguments, results
/// and the failure of unknown effects are the shared ``FlowEffectDispatcher``'s, as on the web.
public final class FlowEffectRunner: FlowEffectPerformer, Sendable {
    let client: DoorstepClient
    let device: any DeviceEffects
    /// The app's own effects, such as the trainer's (``TrainerModule``).
    public let modules: [any FlowModule]
    private let pickedImages = Mutex<[String: (Data, Bool)]>([:])

    /// Creates a runner.
    /// - Parameters:
    ///   - client: the server's client, for what the server does.
    ///   - device: what only the device can do.
    ///   - modules: the app's own effects (`module.operation`) the flows may call.
    public init(
        client: DoorstepClient, device: any DeviceEffects = NoDeviceEffects(), modules: [any FlowModule] = []
    ) {
        self.client = client
        self.device = device
        self.modules = modules
    }

    /// Runs one effect; never throws: failures come back as results the engine shows.
    public func run(_ request: EffectRequest, flow: FlowDefinition, answers: [String: Value]) async
        -> EffectOutcome.Result
    {
        var performer = self
        switch await FlowEffectDispatcher.run(request, flow: flow, answers: answers, on: &performer) {
        case .finished(let result): return result
        case .suspended: return EffectFailure.cancelled().result
        }
    }

    public func failure(for error: any Error) -> EffectFailure {
        switch error {
        case let error as DoorstepError:
            switch error {
            case .server(let problem):
                return EffectFailure(
                    code: problem.code.rawValue, message: problem.fieldProblems.values.first ?? problem.detail)
            case .transport: return .network
            case .signedOut: return .unauthenticated
            }
        default:
            return .unavailable
        }
    }

    // MARK: - Accounts

    public func identify(email: String) async throws -> EffectIdentity {
        let identity = try await client.identify(email: email)
        return EffectIdentity(exists: identity.exists, hasPassword: identity.methods.contains("password"))
    }

    public func sendCode(email: String, purpose: String) async throws {
        try await client.sendCode(email: email, purpose: purpose)
    }

    public func verifyCode(email: String, code: String, purpose: String) async throws -> EffectSignIn {
        try await completingSecondFactor {
            let signedIn = try await self.client.verifyCode(email: email, code: code, purpose: purpose)
            return EffectSignIn(isNewUser: signedIn.isNewUser, email: signedIn.user.email)
        }
    }

    public func signUp(_ request: EffectSignUp) async throws -> EffectSignIn {
        let user = try await client.signUp(
            email: request.email, password: request.password, firstName: request.firstName, lastName: request.lastName,
            name: request.name, consents: request.consents.map { ($0.document, $0.version) })
        return EffectSignIn(isNewUser: true, email: user.email)
    }

    public func logIn(email: String, password: String, remember: Bool) async throws -> EffectSignIn {
        try await completingSecondFactor {
            let user = try await self.client.logIn(email: email, password: password, remember: remember)
            return EffectSignIn(isNewUser: false, email: user.email)
        }
    }

    public func forgotPassword(email: String) async throws {
        try await client.forgotPassword(email: email)
    }

    public func resetPassword(email: String, code: String, newPassword: String) async throws -> EffectSignIn {
        try await completingSecondFactor {
            let user = try await self.client.resetPassword(email: email, code: code, newPassword: newPassword)
            return EffectSignIn(isNewUser: false, email: user.email)
        }
    }

    public func setPassword(_ newPassword: String) async throws {
        try await client.withRecentSignIn(confirmingWith: device) { try await self.client.setPassword(newPassword) }
    }

    public func signInWithApple(remember: Bool) async throws -> EffectSignIn {
        guard let credential = await device.appleCredential() else { throw EffectFailure.cancelled() }
        return try await completingSecondFactor {
            let result = try await self.client.signInWithApple(
                identityToken: credential.identityToken, rawNonce: credential.rawNonce,
                authorizationCode: credential.authorizationCode, firstName: credential.firstName,
                lastName: credential.lastName, remember: remember)
            return EffectSignIn(isNewUser: result.isNewUser, email: result.user.email)
        }
    }

    public func signInWithGoogle(remember: Bool) async throws -> EffectSignIn {
        guard let credential = await device.googleCredential() else { throw EffectFailure.cancelled() }
        return try await completingSecondFactor {
            let result = try await self.client.signInWithGoogle(
                idToken: credential.idToken, rawNonce: credential.rawNonce, remember: remember)
            return EffectSignIn(isNewUser: result.isNewUser, email: result.user.email)
        }
    }

    public func signInWithPasskey(remember: Bool) async throws -> EffectSignIn {
        if await device.takeAutoFillPasskeySignIn() {
            return EffectSignIn(isNewUser: false, email: try? await client.me().email)
        }
        let options = try await client.passkeyAuthenticationOptions()
        guard let assertion = await device.passkeyAssertion(options) else { throw EffectFailure.cancelled() }
        let user = try await client.signInWithPasskey(
            credentialID: assertion.credentialID, clientDataJSON: assertion.clientDataJSON,
            authenticatorData: assertion.authenticatorData, signature: assertion.signature,
            userHandle: assertion.userHandle, remember: remember)
        return EffectSignIn(isNewUser: false, email: user.email)
    }

    public func continueAsGuest() async throws -> EffectSignIn {
        if case .signedIn(_, let isGuest) = await client.authState {
            return EffectSignIn(isNewUser: false, isGuest: isGuest)
        }
        try await client.continueAsGuest()
        return EffectSignIn(isNewUser: true, isGuest: true)
    }

    public func addPasskey(name: String?) async throws {
        try await client.withRecentSignIn(confirmingWith: device) {
            let options = try await self.client.passkeyRegistrationOptions()
            guard let credential = await self.device.passkeyRegistration(options) else {
                throw EffectFailure.cancelled()
            }
            try await self.client.registerPasskey(
                credentialID: credential.credentialID, clientDataJSON: credential.clientDataJSON,
                attestationObject: credential.attestationObject, name: name)
        }
    }

    public func canEnableBiometrics() async -> Bool {
        await device.canEnableBiometrics()
    }

    public func canAddPasskey() async -> Bool {
        guard await device.canMakePasskeys() else { return false }
        return (try? await client.enabledMethods().contains("passkey")) ?? false
    }

    public func logOut() async throws {
        await device.forgetBiometrics()
        try await client.logOut()
    }

    /// Runs a sign-in; when its first factor was right and the account asks for its authenticator
    /// app's code, asks the device for it until the server takes one (five tries, as the server
    /// allows). Cancelling leaves the person signed out where they were.
    private func completingSecondFactor(_ signIn: () async throws -> EffectSignIn) async throws -> EffectSignIn {
        do {
            return try await signIn()
        } catch let error as DoorstepError where error.code == .mfaRequired {
            guard case .server(let problem) = error, let challenge = problem.mfaChallenge else { throw error }
            var refusal: String?
            for _ in 0..<5 {
                guard let code = await device.secondFactorCode(problem: refusal) else {
                    throw EffectFailure.cancelled()
                }
                do {
                    let signedIn = try await client.completeSecondFactor(challenge: challenge, code: code)
                    return EffectSignIn(isNewUser: signedIn.isNewUser, email: signedIn.user.email)
                } catch let error as DoorstepError where error.code == .invalidCode {
                    guard case .server(let refused) = error else { throw error }
                    refusal = refused.detail
                }
            }
            throw error
        }
    }

    // MARK: - Profile, groups and answers

    public func saveProfile(firstName: String?, lastName: String?, name: String?) async throws {
        try await client.updateProfile(firstName: firstName, lastName: lastName, name: name)
    }

    public func acceptConsents(_ consents: [EffectConsent]) async throws {
        try await client.acceptConsents(consents.map { ($0.document, $0.version) })
    }

    public func pickImage() async throws -> String {
        guard let image = await device.pickImage() else { throw EffectFailure.cancelled() }
        let reference = "picked:\(UUID().uuidString)"
        pickedImages.withLock { $0[reference] = (image.data, image.isPNG) }
        return reference
    }

    public func uploadAvatar(image reference: String) async throws -> String {
        guard let image = pickedImages.withLock({ $0[reference] }) else {
            throw EffectFailure.cancelled("Choose a photo first.")
        }
        return try await client.uploadAvatar(image.0, isPNG: image.1)
    }

    public func createGroup(name: String, kind: String) async throws -> EffectGroup {
        Self.group(try await client.createGroup(name: name, kind: kind))
    }

    public func joinGroup(inviteCode: String) async throws -> EffectGroup {
        Self.group(try await client.joinGroup(inviteCode: inviteCode))
    }

    public func inviteMembers(groupID: String, emails: [String]) async throws -> EffectInvitations {
        let outcome = try await client.invite(to: groupID, emails: emails)
        return EffectInvitations(sent: outcome.invited.count, refusals: outcome.rejected.map(\.code))
    }

    public func submitAnswers(_ answers: [String: Value], flow: FlowDefinition) async throws {
        try await client.submitAnswers(answers, flowID: flow.id, flowVersion: flow.version)
    }

    public func hasSubmittedAnswers(flow: FlowDefinition) async throws -> Bool {
        !(try await client.answers(in: flow.id)).isEmpty
    }

    public func keptWalk(flow: FlowDefinition) async throws -> FlowSnapshot? {
        try await client.progress(in: flow.id)?.snapshot
    }

    public func requestPermission(_ permission: String) async throws -> Bool {
        await device.requestPermission(permission)
    }

    public func enableBiometrics() async throws -> Bool {
        await device.enableBiometrics()
    }

    private static func group(_ group: DoorstepGroup) -> EffectGroup {
        EffectGroup(id: group.id, name: group.name, inviteCode: group.inviteCode)
    }
}

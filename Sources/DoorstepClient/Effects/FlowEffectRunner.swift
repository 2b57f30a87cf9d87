import DoorstepFlow
import Foundation
import Synchronization

/// Runs the engine's effects through the SDK and the device, and turns what happened into the
/// results the engine reads (`account.exists`, `group.inviteCode`, `trainer.goalOptions`…).
public final class FlowEffectRunner: Sendable {
    let client: DoorstepClient
    let device: any DeviceEffects
    private let pickedImages = Mutex<[String: (Data, Bool)]>([:])

    /// Creates a runner.
    public init(client: DoorstepClient, device: any DeviceEffects = NoDeviceEffects()) {
        self.client = client
        self.device = device
    }

    /// Runs one effect; never throws: failures come back as results the engine shows.
    public func run(_ request: EffectRequest, flow: FlowDefinition, answers: [String: Value]) async
        -> EffectOutcome.Result
    {
        do {
            do {
                // A change that needs a recent sign-in asks the person who they are, then goes again once.
                return .success(
                    try await client.withRecentSignIn(confirmingWith: device) {
                        try await self.perform(request, flow: flow, answers: answers)
                    })
            } catch let error as DoorstepError where error.code == .mfaRequired {
                // The first factor was right: the authenticator app's code completes the sign-in.
                guard case .server(let problem) = error, let challenge = problem.mfaChallenge,
                    let result = try await completeSecondFactor(challenge, flow: flow)
                else { throw error }
                return .success(result)
            }
        } catch let error as DoorstepError {
            switch error {
            case .server(let problem):
                return .failure(
                    code: problem.code.rawValue, message: problem.fieldProblems.values.first ?? problem.detail)
            case .transport:
                return .failure(code: "network", message: "Check your connection and try again.")
            case .signedOut:
                return .failure(code: "unauthenticated", message: "Sign in to continue.")
            }
        } catch let cancelled as Cancelled {
            return .failure(code: "cancelled", message: cancelled.reason)
        } catch {
            return .failure(code: "unknown", message: "Something went wrong. Please try again.")
        }
    }

    struct Cancelled: Error {
        var reason: String?
    }

    /// Asks the device for the authenticator app's code until the server takes one (five tries, as
    /// the server allows), and returns what the waiting sign-in effect returns; nil when cancelled.
    private func completeSecondFactor(_ challenge: String, flow: FlowDefinition) async throws -> [String: Value]? {
        var problem: String?
        for _ in 0..<5 {
            guard let code = await device.secondFactorCode(problem: problem) else { return nil }
            do {
                let result = try await client.completeSecondFactor(challenge: challenge, code: code)
                return try await signedIn(isNewUser: result.isNewUser, flow: flow)
            } catch let error as DoorstepError where error.code == "invalid_code" {
                guard case .server(let refused) = error else { throw error }
                problem = refused.detail
            }
        }
        return nil
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private func perform(_ request: EffectRequest, flow: FlowDefinition, answers: [String: Value]) async throws
        -> [String: Value]
    {
        let arguments = request.arguments
        func text(_ key: String) -> String { arguments[key]?.stringValue ?? "" }
        switch request.name {
        case "identify":
            return ["account.exists": .bool(try await client.identify(email: text("email")).exists)]
        case "sendCode":
            try await client.sendCode(email: text("email"), purpose: text("purpose"))
            return [:]
        case "verifyCode":
            let result = try await client.verifyCode(email: text("email"), code: text("code"), purpose: text("purpose"))
            return try await signedIn(isNewUser: result.isNewUser, flow: flow)
        case "signUp":
            try await client.signUp(
                email: text("email"), password: text("password"),
                firstName: arguments["firstName"]?.stringValue, lastName: arguments["lastName"]?.stringValue,
                name: arguments["name"]?.stringValue, consents: request.consents)
            return ["session.isNewUser": true]
        case "logIn":
            try await client.logIn(
                email: text("email"), password: text("password"), remember: arguments["remember"]?.boolValue ?? true)
            return try await signedIn(isNewUser: false, flow: flow)
        case "forgotPassword":
            try await client.forgotPassword(email: text("email"))
            return [:]
        case "resetPassword":
            try await client.resetPassword(email: text("email"), code: text("code"), newPassword: text("newPassword"))
            return try await signedIn(isNewUser: false, flow: flow)
        case "setPassword":
            try await client.setPassword(text("newPassword"))
            return [:]
        case "continueAsGuest":
            if case .signedIn = await client.authState { return ["session.isGuest": true] }
            try await client.continueAsGuest()
            return ["session.isGuest": true]
        case "signInWithApple":
            guard let credential = await device.appleCredential() else { throw Cancelled() }
            let result = try await client.signInWithApple(
                identityToken: credential.identityToken, rawNonce: credential.rawNonce,
                authorizationCode: credential.authorizationCode, firstName: credential.firstName,
                lastName: credential.lastName)
            return try await signedIn(isNewUser: result.isNewUser, flow: flow)
        case "signInWithGoogle":
            guard let credential = await device.googleCredential() else { throw Cancelled() }
            let result = try await client.signInWithGoogle(idToken: credential.idToken, rawNonce: credential.rawNonce)
            return try await signedIn(isNewUser: result.isNewUser, flow: flow)
        case "saveProfile":
            let names = request.profileNames
            try await client.updateProfile(firstName: names.first, lastName: names.last)
            return [:]
        case "acceptConsents":
            try await client.acceptConsents(request.consents)
            return [:]
        case "pickImage":
            guard let image = await device.pickImage() else { throw Cancelled() }
            let reference = "picked:\(UUID().uuidString)"
            pickedImages.withLock { $0[reference] = (image.data, image.isPNG) }
            return [text("field"): .string(reference)]
        case "uploadAvatar":
            guard let image = pickedImages.withLock({ $0[text("image")] }) else {
                throw Cancelled(reason: "Choose a photo first.")
            }
            let url = try await client.uploadAvatar(image.0, isPNG: image.1)
            return ["avatar.url": .string(url)]
        case "createGroup":
            return Self.group(try await client.createGroup(name: text("name"), kind: text("kind")))
        case "joinGroup":
            return Self.group(try await client.joinGroup(inviteCode: text("inviteCode")))
        case "inviteMembers":
            let emails = (arguments["emails"]?.arrayValue ?? []).compactMap(\.stringValue)
            return ["invitations.sent": .int(try await client.invite(to: text("groupId"), emails: emails).count)]
        case "submitAnswers":
            let fields = (arguments["fields"]?.arrayValue ?? []).compactMap(\.stringValue)
            var submitted: [String: Value] = [:]
            for field in fields {
                guard let answer = answers[field], flow.field(field)?.isSecret == false else { continue }
                submitted[field] = answer
            }
            if !submitted.isEmpty {
                try await client.submitAnswers(submitted, flowID: flow.id, flowVersion: flow.version)
            }
            return ["flow.completed": true]
        case "requestPermission":
            let granted = await device.requestPermission(text("permission"))
            guard granted else { throw Cancelled(reason: "Permission was not granted.") }
            return ["permission.\(text("permission"))": true]
        case "signInWithPasskey":
            if await device.takeAutoFillPasskeySignIn() { return try await signedIn(isNewUser: false, flow: flow) }
            let options = try await client.passkeyAuthenticationOptions()
            guard let assertion = await device.passkeyAssertion(options) else { throw Cancelled() }
            try await client.signInWithPasskey(
                credentialID: assertion.credentialID, clientDataJSON: assertion.clientDataJSON,
                authenticatorData: assertion.authenticatorData, signature: assertion.signature,
                userHandle: assertion.userHandle)
            return try await signedIn(isNewUser: false, flow: flow)
        case "addPasskey":
            let options = try await client.passkeyRegistrationOptions()
            guard let credential = await device.passkeyRegistration(options) else { throw Cancelled() }
            try await client.registerPasskey(
                credentialID: credential.credentialID, clientDataJSON: credential.clientDataJSON,
                attestationObject: credential.attestationObject, name: arguments["name"]?.stringValue)
            return ["passkey.added": true]
        case "enableBiometrics":
            guard await device.enableBiometrics() else { throw Cancelled() }
            return ["biometrics.enabled": true]
        case "checkAnswers":
            return ["flow.completed": .bool(!(try await client.answers(in: flow.id)).isEmpty)]
        case "logOut":
            await device.forgetBiometrics()
            try await client.logOut()
            return ["session.active": false]
        case "trainer.goalOptions", "trainer.editGoalOptions":
            let options =
                request.name == "trainer.goalOptions"
                ? try await client.trainerGoalOptions()
                : try await client.editTrainerGoalOptions(instruction: text("instruction"))
            return [
                "trainer.goalOptions": .array(
                    options.map {
                        [
                            "id": .string($0.id), "summary": .string($0.summary),
                            "detail": .string($0.detail),
                        ]
                    })
            ]
        case "trainer.confirmGoal":
            return ["trainer.goal.id": .string(try await client.confirmTrainerGoal(optionID: text("optionId")))]
        case "trainer.draftProgram", "trainer.editProgram":
            let program =
                request.name == "trainer.draftProgram"
                ? try await client.draftTrainerProgram()
                : try await client.editTrainerProgram(id: text("programId"), instruction: text("instruction"))
            return [
                "trainer.program.id": .string(program.id), "trainer.program.version": .int(program.version),
                "trainer.program.markdown": .string(program.programMarkdown),
            ]
        case "trainer.activateProgram":
            return ["trainer.program.status": .string(try await client.activateTrainerProgram(id: text("programId")))]
        default:
            throw Cancelled(reason: "This app cannot run \(request.name).")
        }
    }

    /// Results every sign-in shares: the session, and whether this flow was already completed.
    private func signedIn(isNewUser: Bool, flow: FlowDefinition) async throws -> [String: Value] {
        let answered = !(try await client.answers(in: flow.id)).isEmpty
        return ["session.active": true, "session.isNewUser": .bool(isNewUser), "flow.completed": .bool(answered)]
    }

    private static func group(_ group: DoorstepGroup) -> [String: Value] {
        [
            "group.id": .string(group.id), "group.name": .string(group.name),
            "group.inviteCode": .string(group.inviteCode),
        ]
    }
}

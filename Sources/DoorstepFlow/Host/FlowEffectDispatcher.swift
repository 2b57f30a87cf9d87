import Foundation

/// Runs one effect request through a host's ``FlowEffectPerformer``: reads the arguments the
/// catalogue names, calls the performer, and shapes what it returns into the results the engine
/// reads — the same keys on every host.
public enum FlowEffectDispatcher {
    /// How a request ended: with a result for the engine, or waiting for the person elsewhere.
    public enum Step: Sendable, Hashable {
        case finished(EffectOutcome.Result)
        case suspended
    }

    /// Runs `request`; never throws: failures come back as results the engine shows.
    public static func run<Performer: FlowEffectPerformer>(
        _ request: EffectRequest, flow: FlowDefinition, answers: [String: Value], on performer: inout Performer
    ) async -> Step {
        guard let effect = FlowEffect(rawValue: request.name) else {
            return .finished(EffectFailure.unsupported(request.name).result)
        }
        do {
            let arguments = EffectArguments(request.arguments)
            return .finished(
                .success(
                    try await perform(effect, arguments, request, flow: flow, answers: answers, on: &performer)))
        } catch is EffectSuspended {
            return .suspended
        } catch let failure as EffectFailure {
            return .finished(failure.result)
        } catch {
            return .finished(performer.failure(for: error).result)
        }
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private static func perform<Performer: FlowEffectPerformer>(
        _ effect: FlowEffect, _ arguments: EffectArguments, _ request: EffectRequest, flow: FlowDefinition,
        answers: [String: Value], on performer: inout Performer
    ) async throws -> [String: Value] {
        func signedIn(_ signIn: EffectSignIn) async throws -> [String: Value] {
            let kept = try await performer.keptWalk(flow: flow)
            let results = signIn.results(
                flowCompleted: try await performer.hasSubmittedAnswers(flow: flow),
                flowFinished: kept?.completed ?? false)
            return results.merging(restorable(kept, into: answers, of: flow)) { result, _ in result }
        }
        let remember = arguments.bool("remember") ?? true
        switch effect {
        case .identify:
            return try await performer.identify(email: arguments.text("email")).results
        case .sendCode:
            try await performer.sendCode(email: arguments.text("email"), purpose: arguments.text("purpose"))
            return [:]
        case .verifyCode:
            return try await signedIn(
                performer.verifyCode(
                    email: arguments.text("email"), code: arguments.text("code"), purpose: arguments.text("purpose")))
        case .signUp:
            let signUp = EffectSignUp(
                email: arguments.text("email"), password: arguments.text("password"),
                firstName: arguments.optionalText("firstName"), lastName: arguments.optionalText("lastName"),
                name: arguments.optionalText("name"), consents: consents(of: request))
            return try await signedIn(performer.signUp(signUp))
        case .logIn:
            return try await signedIn(
                performer.logIn(
                    email: arguments.text("email"), password: arguments.text("password"), remember: remember))
        case .forgotPassword:
            try await performer.forgotPassword(email: arguments.text("email"))
            return [:]
        case .resetPassword:
            return try await signedIn(
                performer.resetPassword(
                    email: arguments.text("email"), code: arguments.text("code"),
                    newPassword: arguments.text("newPassword")))
        case .setPassword:
            try await performer.setPassword(arguments.text("newPassword"))
            return ["password.set": true]
        case .signInWithApple:
            return try await signedIn(performer.signInWithApple(remember: remember))
        case .signInWithGoogle:
            return try await signedIn(performer.signInWithGoogle(remember: remember))
        case .signInWithPasskey:
            return try await signedIn(performer.signInWithPasskey(remember: remember))
        case .continueAsGuest:
            return ["session.isGuest": .bool(try await performer.continueAsGuest().isGuest)]
        case .addPasskey:
            try await performer.addPasskey(name: arguments.optionalText("name"))
            return ["passkey.added": true]
        case .saveProfile:
            try await performer.saveProfile(
                firstName: arguments.optionalText("firstName"), lastName: arguments.optionalText("lastName"),
                name: arguments.optionalText("name"))
            return [:]
        case .acceptConsents:
            try await performer.acceptConsents(consents(of: request))
            return [:]
        case .pickImage:
            return [arguments.text("field"): .string(try await performer.pickImage())]
        case .uploadAvatar:
            return ["avatar.url": .string(try await performer.uploadAvatar(image: arguments.text("image")))]
        case .createGroup:
            return try await performer.createGroup(name: arguments.text("name"), kind: arguments.text("kind")).results
        case .joinGroup:
            return try await performer.joinGroup(inviteCode: arguments.text("inviteCode")).results
        case .inviteMembers:
            let invitations = try await performer.inviteMembers(
                groupID: arguments.text("groupId"), emails: arguments.texts("emails"))
            if let failure = invitations.failure { throw failure }
            return ["invitations.sent": .int(invitations.sent)]
        case .submitAnswers:
            let submitted = submittable(arguments.texts("fields"), of: answers, in: flow)
            if !submitted.isEmpty { try await performer.submitAnswers(submitted, flow: flow) }
            return ["flow.completed": true]
        case .checkAnswers:
            return ["flow.completed": .bool(try await performer.hasSubmittedAnswers(flow: flow))]
        case .requestPermission:
            let permission = arguments.text("permission")
            guard try await performer.requestPermission(permission) else {
                throw EffectFailure.cancelled("Permission was not granted.")
            }
            return ["permission.\(permission)": true]
        case .enableBiometrics:
            guard try await performer.enableBiometrics() else { throw EffectFailure.cancelled() }
            return ["biometrics.enabled": true]
        case .checkPasskeys:
            return ["passkey.available": .bool(await performer.canAddPasskey())]
        case .checkBiometrics:
            return ["biometrics.available": .bool(await performer.canEnableBiometrics())]
        case .logOut:
            try await performer.logOut()
            return ["session.active": false]
        case .trainerGoalOptions:
            return EffectGoalOption.results(try await performer.trainerGoalOptions(instruction: nil))
        case .trainerEditGoalOptions:
            return EffectGoalOption.results(
                try await performer.trainerGoalOptions(instruction: arguments.text("instruction")))
        case .trainerConfirmGoal:
            return [
                "trainer.goal.id": .string(try await performer.trainerConfirmGoal(optionID: arguments.text("optionId")))
            ]
        case .trainerDraftProgram:
            return try await performer.trainerProgram(editing: nil, instruction: nil).results
        case .trainerEditProgram:
            return try await performer.trainerProgram(
                editing: arguments.text("programId"), instruction: arguments.text("instruction")
            ).results
        case .trainerActivateProgram:
            return [
                "trainer.program.status": .string(
                    try await performer.trainerActivateProgram(id: arguments.text("programId")))
            ]
        }
    }

    /// The answers `submitAnswers` sends: the named fields that have one, never a secret's.
    /// The answers the person gave in the account's walk kept on the server (in another browser or on
    /// another device) that this walk has not, so that signing in picks up where they left off instead
    /// of asking again. Only a walk of the same version is read, whose fields mean the same; what a
    /// flow set by itself (such as that Face ID was offered on that device) stays behind.
    static func restorable(_ kept: FlowSnapshot?, into answers: [String: Value], of flow: FlowDefinition)
        -> [String: Value]
    {
        guard let kept, kept.flowID == flow.id, kept.flowVersion == flow.version else { return [:] }
        let asked = Set(
            flow.screens.flatMap(\.blocks).filter(\.isInput).flatMap { [$0.field, $0.confirmField].compactMap { $0 } })
        return kept.answers.filter { key, _ in
            (answers[key]?.isEmpty ?? true) && asked.contains(key) && flow.field(key).map { !$0.isSecret } == true
        }
    }

    static func submittable(_ fields: [String], of answers: [String: Value], in flow: FlowDefinition)
        -> [String: Value]
    {
        var submitted: [String: Value] = [:]
        for field in fields {
            guard let answer = answers[field], flow.field(field)?.isSecret == false else { continue }
            submitted[field] = answer
        }
        return submitted
    }

    private static func consents(of request: EffectRequest) -> [EffectConsent] {
        request.consents.map { EffectConsent(document: $0.document, version: $0.version) }
    }
}

/// An effect request's arguments, read as the catalogue types them.
struct EffectArguments {
    let values: [String: Value]

    init(_ values: [String: Value]) { self.values = values }

    func text(_ key: String) -> String { values[key]?.stringValue ?? "" }
    func optionalText(_ key: String) -> String? { values[key]?.stringValue }
    func bool(_ key: String) -> Bool? { values[key]?.boolValue }
    func texts(_ key: String) -> [String] { (values[key]?.arrayValue ?? []).compactMap(\.stringValue) }
}

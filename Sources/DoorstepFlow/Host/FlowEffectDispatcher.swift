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
        let host = performer
        return await host.around(effect: request.name) {
            await runUnwrapped(request, flow: flow, answers: answers, on: &performer)
        }
    }

    private static func runUnwrapped<Performer: FlowEffectPerformer>(
        _ request: EffectRequest, flow: FlowDefinition, answers: [String: Value], on performer: inout Performer
    ) async -> Step {
        guard let effect = FlowEffect(rawValue: request.name) else {
            return .finished(await runModule(request, on: &performer))
        }
        var invocation = EffectInvocation(performer: performer, request: request, flow: flow, answers: answers)
        defer { performer = invocation.performer }
        do {
            return .finished(.success(try await perform(effect, &invocation)))
        } catch is EffectSuspended {
            return .suspended
        } catch let failure as EffectFailure {
            return .finished(failure.result)
        } catch {
            return .finished(invocation.performer.failure(for: error).result)
        }
    }

    private static func perform<Performer: FlowEffectPerformer>(
        _ effect: FlowEffect, _ invocation: inout EffectInvocation<Performer>
    ) async throws -> [String: Value] {
        switch effect {
        case .identify: try await invocation.identify()
        case .sendCode: try await invocation.sendCode()
        case .verifyCode: try await invocation.verifyCode()
        case .signUp: try await invocation.signUp()
        case .logIn: try await invocation.logIn()
        case .forgotPassword: try await invocation.forgotPassword()
        case .resetPassword: try await invocation.resetPassword()
        case .setPassword: try await invocation.setPassword()
        case .signInWithApple: try await invocation.signInWithApple()
        case .signInWithGoogle: try await invocation.signInWithGoogle()
        case .signInWithPasskey: try await invocation.signInWithPasskey()
        case .continueAsGuest: try await invocation.continueAsGuest()
        case .addPasskey: try await invocation.addPasskey()
        case .logOut: try await invocation.logOut()
        case .saveProfile: try await invocation.saveProfile()
        case .acceptConsents: try await invocation.acceptConsents()
        case .pickImage: try await invocation.pickImage()
        case .uploadAvatar: try await invocation.uploadAvatar()
        case .createGroup: try await invocation.createGroup()
        case .joinGroup: try await invocation.joinGroup()
        case .inviteMembers: try await invocation.inviteMembers()
        case .submitAnswers: try await invocation.submitAnswers()
        case .checkAnswers: try await invocation.checkAnswers()
        case .requestPermission: try await invocation.requestPermission()
        case .enableBiometrics: try await invocation.enableBiometrics()
        case .checkPasskeys: await invocation.checkPasskeys()
        case .checkBiometrics: await invocation.checkBiometrics()
        case .purchase: try await invocation.purchase()
        case .restorePurchases: try await invocation.restorePurchases()
        }
    }

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

    /// The answers `submitAnswers` sends: the named fields that have one, never a secret's.
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

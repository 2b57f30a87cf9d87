import Foundation

/// One effect request on its way to a performer: the arguments as the catalogue types them, the
/// walk's answers and flow, and the performer that runs it. Each catalogue effect is one method here,
/// grouped by feature in the extensions beside this file, so reading an argument or shaping a result
/// happens in one place whichever host runs the walk.
struct EffectInvocation<Performer: FlowEffectPerformer> {
    var performer: Performer
    let request: EffectRequest
    let flow: FlowDefinition
    let answers: [String: Value]

    var arguments: EffectArguments { EffectArguments(request.arguments) }

    /// Whether the sign-in should outlive the app's or browser's session (`remember`, on unless said).
    var remember: Bool { arguments.bool("remember") ?? true }

    var consents: [EffectConsent] {
        request.consents.map { EffectConsent(document: $0.document, version: $0.version) }
    }
}

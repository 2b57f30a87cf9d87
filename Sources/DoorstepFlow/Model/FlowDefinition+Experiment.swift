/// A flow as one install walks it: the variant its experiment assigned, already applied.
public struct AssignedFlow: Sendable, Hashable {
    /// The definition to walk; it has no experiment of its own.
    public var definition: FlowDefinition
    /// The variant applied, recorded with the install's events; `nil` when the flow has no experiment.
    public var variant: String?

    /// Creates an assigned flow.
    public init(definition: FlowDefinition, variant: String?) {
        self.definition = definition
        self.variant = variant
    }
}

extension FlowDefinition {
    /// The flow this install walks. Without an install id (a person who opted out of analytics)
    /// the control is walked, so that nothing about the person decides what they see.
    public func assigned(toInstall installID: String?) -> AssignedFlow {
        guard let experiment else { return AssignedFlow(definition: self, variant: nil) }
        let chosen = installID.flatMap { experiment.variant(forInstall: $0) } ?? experiment.variants.first
        guard let chosen else { return AssignedFlow(definition: withoutExperiment, variant: nil) }
        return AssignedFlow(definition: applying(chosen), variant: chosen.id)
    }

    /// The flow with its experiment started: every variant gets the same weight, an even split, as
    /// an operator starts a paused experiment by giving its variants weights. The catalog ships its
    /// experiments paused (every variant but the control weighs 0), so everyone walks the spec's flow.
    public func startingExperiment() -> FlowDefinition {
        var flow = self
        guard var experiment else { return flow }
        for index in experiment.variants.indices { experiment.variants[index].weight = 1 }
        flow.experiment = experiment
        return flow
    }

    /// Whether the experiment is running: more than one variant can be assigned.
    public var isExperimentRunning: Bool {
        (experiment?.variants.filter { $0.weight > 0 }.count ?? 0) > 1
    }

    /// The flow as the variant with this id shows it, or `nil` when the experiment has no such variant.
    public func variant(_ id: String) -> FlowDefinition? {
        experiment?.variants.first { $0.id == id }.map(applying)
    }

    /// The flow with the variant's changes applied and no experiment left to assign.
    public func applying(_ variant: FlowVariant) -> FlowDefinition {
        let changes = variant.changes
        let removedScreens = Set(changes.removedScreens)
        let removedSections = Set(changes.removedSections)
        var flow = withoutExperiment
        flow.screens.removeAll { removedScreens.contains($0.id) }
        flow.transitions.removeAll { transition in
            removedScreens.contains(transition.from) || transition.destinations.contains(where: removedScreens.contains)
        }
        flow.sections.removeAll { removedSections.contains($0.id) }
        for index in flow.progress.indices {
            flow.progress[index].sections.removeAll(where: removedSections.contains)
        }
        for screen in changes.screens {
            if let index = flow.screens.firstIndex(where: { $0.id == screen.id }) {
                flow.screens[index] = screen
            } else {
                flow.screens.append(screen)
            }
        }
        flow.transitions = changes.transitions + flow.transitions
        flow.start = changes.start ?? flow.start
        return flow
    }

    /// Every screen id an install may see in some variant, once each: the flow's own in order, then
    /// those its variants add.
    public var screenIDsInAnyVariant: [String] {
        let added = (experiment?.variants ?? []).flatMap { $0.changes.screens.map(\.id) }
        var listed = Set<String>()
        return (screens.map(\.id) + added).filter { listed.insert($0).inserted }
    }

    /// The flow as written, with nothing on trial.
    var withoutExperiment: FlowDefinition {
        var flow = self
        flow.experiment = nil
        return flow
    }
}

extension FlowLinter {
    /// Checks the experiment and then each variant as a flow of its own, reporting only what the
    /// variant adds to the flow's own problems, each located at the variant.
    mutating func checkExperiment() {
        guard let experiment = flow.experiment else { return }
        let location = "experiment \"\(experiment.id)\""
        if !EventIdentifier.isValid(experiment.id) {
            add(location: location, "an experiment id uses letters, digits, - and _ only")
        }
        if experiment.variants.count < 2 {
            add(location: location, "an experiment needs two variants or more, the control first")
        }
        for duplicate in duplicates(experiment.variants.map(\.id)) {
            add(location: location, "two variants have the id \"\(duplicate)\"")
        }
        if experiment.variants.contains(where: { $0.weight < 0 }) {
            add(location: location, "a weight is 0 (paused) or more")
        }
        if !experiment.variants.isEmpty, experiment.variants.allSatisfy({ $0.weight <= 0 }) {
            add(location: location, "every variant is paused, so no install can be assigned")
        }
        let own = Set(Self.problems(in: flow.withoutExperiment).map(\.description))
        for variant in experiment.variants {
            check(variant, own: own)
        }
    }

    private mutating func check(_ variant: FlowVariant, own: Set<String>) {
        let location = "variant \"\(variant.id)\""
        if !EventIdentifier.isValid(variant.id) {
            add(location: location, "a variant id uses letters, digits, - and _ only")
        }
        for screen in variant.changes.removedScreens where flow.screen(screen) == nil {
            add(location: location, "removes screen \"\(screen)\", which the flow does not have")
        }
        for section in variant.changes.removedSections where !flow.sections.contains(where: { $0.id == section }) {
            add(location: location, "removes section \"\(section)\", which the flow does not have")
        }
        for problem in Self.problems(in: flow.applying(variant)) where !own.contains(problem.description) {
            let at = [location, problem.location].compactMap { $0 }.joined(separator: ", ")
            add(screen: problem.screen, field: problem.field, location: at, problem.message)
        }
    }
}

extension FlowLinter {
    /// Checks the experiment and then each variant as a flow of its own, reporting only what the
    /// variant adds to the flow's own problems, each located at the variant.
    mutating func checkExperiment() {
        guard let experiment = flow.experiment else { return }
        let location = "experiment \"\(experiment.id)\""
        if !Self.isIdentifier(experiment.id) {
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
        let own = Set(Self.problems(in: withoutExperiment(flow)).map(\.description))
        for variant in experiment.variants {
            check(variant, own: own)
        }
    }

    private mutating func check(_ variant: FlowVariant, own: Set<String>) {
        let location = "variant \"\(variant.id)\""
        if !Self.isIdentifier(variant.id) { add(location: location, "a variant id uses letters, digits, - and _ only") }
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

    private func withoutExperiment(_ flow: FlowDefinition) -> FlowDefinition {
        var flow = flow
        flow.experiment = nil
        return flow
    }

    /// Ids recorded with events: 1 to 64 ASCII letters, digits, `-` and `_`.
    static func isIdentifier(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default: false
                }
            }
    }
}

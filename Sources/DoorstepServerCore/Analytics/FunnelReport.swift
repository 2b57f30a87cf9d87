import DoorstepFlow
import Foundation

/// Where people who opened a flow went: per screen, how many installs reached it, moved on and
/// dropped off, and how long they stayed; per variant, how many finished.
public struct FunnelReport: Sendable, Equatable, Codable {
    /// One screen of the flow.
    public struct Step: Sendable, Equatable, Codable {
        public var screen: String
        /// Installs that saw the screen.
        public var reached: Int
        /// Installs that saw another screen after it, or finished: a branch taken is moving on.
        public var movedOn: Int
        /// Installs for which it was the last screen and that did not finish.
        public var droppedOff: Int
        /// The median time from showing the screen to showing the next, in seconds.
        public var medianSeconds: Double?
    }

    /// How one variant of the flow converts, with a 95 % Wilson interval.
    public struct VariantResult: Sendable, Equatable, Codable {
        public var variant: String
        public var installs: Int
        public var completed: Int
        public var conversion: Double
        public var low: Double
        public var high: Double
        /// How the variant's paywall sells; nil when the variant shows none.
        public var paywall: PaywallResult? = nil
    }

    /// How many walks of a variant reached its paywall, and how many of those the walk's account
    /// then bought on: purchases tied to accounts, not what a client reports.
    public struct PaywallResult: Sendable, Equatable, Codable {
        /// The screen holding the paywall in this variant (the first, when several do).
        public var screen: String
        public var reached: Int
        public var converted: Int
        /// `converted` over `reached`; 0 while nothing reached it.
        public var conversion: Double

        /// Creates a result.
        public init(screen: String, reached: Int, converted: Int, conversion: Double) {
            self.screen = screen
            self.reached = reached
            self.converted = converted
            self.conversion = conversion
        }
    }

    public var flowID: String
    /// Installs shown a screen of the flow, or that finished it, in the window.
    public var installs: Int
    public var completed: Int
    public var completionRate: Double
    public var steps: [Step]
    public var variants: [VariantResult]
    /// The variant with the best conversion when its interval clears every other's; nil while the
    /// data cannot tell them apart.
    public var leader: String?

    enum CodingKeys: String, CodingKey {
        case flowID = "flowId"
        case installs, completed, completionRate, steps, variants, leader
    }

    /// The variant name of installs that walked the flow as written.
    public static let control = "control"

    /// Builds the report from a flow's events.
    public init(flow: FlowDefinition, events: [AnalyticsEventRecord]) {
        let walks = Dictionary(grouping: events.map(WalkEvent.init), by: \.installID).values
        self.init(flow: flow, tally: FunnelTally(walks: walks))
    }

    /// Builds the report from a tally of the flow's walks and, by variant name, the tallies of its
    /// paywall. Screens come in the flow's order, then those its variants add; only screens some
    /// install reached are listed.
    public init(flow: FlowDefinition, tally: FunnelTally, paywall: [String: PaywallTally] = [:]) {
        self.flowID = flow.id
        self.installs = tally.installs
        self.completed = tally.completed
        self.completionRate = tally.installs == 0 ? 0 : Double(tally.completed) / Double(tally.installs)
        self.steps = flow.screenIDsInAnyVariant.compactMap { screen in
            guard let step = tally.steps[screen] else { return nil }
            return Step(
                screen: screen, reached: step.reached, movedOn: step.movedOn, droppedOff: step.reached - step.movedOn,
                medianSeconds: step.medianSeconds)
        }
        self.variants = tally.variants.keys.sorted().map { name in
            let conversion = tally.variants[name]!
            let (low, high) = Self.wilsonInterval(successes: conversion.completed, trials: conversion.installs)
            return VariantResult(
                variant: name, installs: conversion.installs, completed: conversion.completed,
                conversion: conversion.installs == 0 ? 0 : Double(conversion.completed) / Double(conversion.installs),
                low: low, high: high, paywall: Self.paywall(of: flow, variant: name, paywall[name] ?? PaywallTally()))
        }
        self.leader = Self.leader(of: variants)
    }

    /// The variant's paywall result, when the variant shows a paywall.
    static func paywall(of flow: FlowDefinition, variant: String, _ tally: PaywallTally) -> PaywallResult? {
        // `control` names walks of a flow without an experiment too: a name no variant has is the flow as written.
        let screens = PaywallPlaces(flow)?.screens(ofVariant: variant)
        guard let screen = screens?.first else { return nil }
        return PaywallResult(
            screen: screen, reached: tally.reached, converted: tally.converted,
            conversion: tally.reached == 0 ? 0 : Double(tally.converted) / Double(tally.reached))
    }

    /// The 95 % Wilson score interval of a proportion: honest for small counts and rates near 0 or 1.
    static func wilsonInterval(successes: Int, trials: Int) -> (low: Double, high: Double) {
        guard trials > 0 else { return (0, 0) }
        let z = 1.959_963_984_540_054
        let n = Double(trials)
        let p = Double(successes) / n
        let denominator = 1 + z * z / n
        let centre = (p + z * z / (2 * n)) / denominator
        let margin = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / denominator
        return (max(0, centre - margin), min(1, centre + margin))
    }

    static func leader(of variants: [VariantResult]) -> String? {
        guard variants.count > 1, let best = variants.max(by: { $0.conversion < $1.conversion }) else { return nil }
        let clears = variants.allSatisfy { $0.variant == best.variant || best.low > $0.high }
        return clears ? best.variant : nil
    }
}

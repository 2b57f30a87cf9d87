import Foundation

/// What a funnel reads of one event: the step of an install's walk, without the event's id, account
/// or subject.
public struct WalkEvent: Sendable, Hashable {
    public var installID: String
    public var flowVersion: Int
    public var variant: String?
    public var kind: AnalyticsEventRecord.Kind
    public var screen: String
    public var sequence: Int
    public var at: Date

    /// Creates a walk event.
    public init(
        installID: String, flowVersion: Int, variant: String?, kind: AnalyticsEventRecord.Kind, screen: String,
        sequence: Int, at: Date
    ) {
        self.installID = installID
        self.flowVersion = flowVersion
        self.variant = variant
        self.kind = kind
        self.screen = screen
        self.sequence = sequence
        self.at = at
    }

    /// The step an event records.
    public init(_ event: AnalyticsEventRecord) {
        self.init(
            installID: event.installID, flowVersion: event.flowVersion, variant: event.variant, kind: event.kind,
            screen: event.screen, sequence: event.sequence, at: event.at)
    }

    /// The kinds of event a funnel is drawn from: screens shown and finishes. Answers, actions and
    /// errors happen on a screen already counted, so a funnel reads none of them, and a walk that
    /// showed no screen and did not finish is no install of the flow.
    public static let funnelKinds: [AnalyticsEventRecord.Kind] = [.screenShown, .completed]

    /// Whether a funnel counts this event: see ``funnelKinds``.
    public var isFunnelStep: Bool { Self.funnelKinds.contains(kind) }
}

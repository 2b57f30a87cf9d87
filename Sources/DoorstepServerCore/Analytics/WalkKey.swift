/// One walk: the events of one install in one flow, ordered by flow, then install.
public struct WalkKey: Hashable, Comparable, Sendable {
    public var flowID: String
    public var installID: String

    /// The walk `event` belongs to.
    public init(of event: AnalyticsEventRecord) {
        flowID = event.flowID
        installID = event.installID
    }

    public static func < (lhs: WalkKey, rhs: WalkKey) -> Bool {
        (lhs.flowID, lhs.installID) < (rhs.flowID, rhs.installID)
    }
}

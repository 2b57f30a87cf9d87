import Foundation

/// Compacted walks of one day, version and variant of a flow: what a funnel needs of them, kept once
/// their raw events are gone. Anonymous: no install or account is in it. Records are only ever
/// added (each compaction adds its own), so instances compacting at once never overwrite each other;
/// a funnel adds up every record of a day.
public struct DailyFunnelRecord: Sendable, Equatable {
    public var id: UUID
    /// The UTC day the walks began, as `2026-11-23`.
    public var day: String
    public var flowID: String
    public var flowVersion: Int
    /// The variant walked; `nil` for a flow without an experiment.
    public var variant: String?
    public var tally: FunnelTally
    /// How many of the walks reached the flow's paywall, and how many of those their account then
    /// bought on, as judged when they were compacted.
    public var paywall: PaywallTally

    /// Creates a record.
    public init(
        id: UUID, day: String, flowID: String, flowVersion: Int, variant: String?, tally: FunnelTally,
        paywall: PaywallTally = PaywallTally()
    ) {
        self.id = id
        self.day = day
        self.flowID = flowID
        self.flowVersion = flowVersion
        self.variant = variant
        self.tally = tally
        self.paywall = paywall
    }

    /// The UTC day of `date`, as records name it.
    public static func day(of date: Date) -> String {
        let calendar = Calendar.utc
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC, which days of analytics are counted in.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

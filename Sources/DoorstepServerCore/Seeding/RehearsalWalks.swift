import Foundation

/// Walks through the flows as installs make them: each starts on a flow's first screen at some moment
/// of the rehearsal's days, answers and taps its way on, and stops at a screen where people stop —
/// most finish, some leave on each screen — with the events a host records on the way.
struct RehearsalWalks {
    let flows: [RehearsalSeeder.Flow]
    let accountIDs: [UUID]
    let days: Int
    let now: Date
    /// The share of walks that go on from one screen to the next.
    var stayShare = 0.93
    /// The share of walks made by a signed-in account.
    var signedInShare = 0.4

    init(flows: [RehearsalSeeder.Flow], accountIDs: [UUID], days: Int, now: Date) {
        self.flows = flows.filter { !$0.screens.isEmpty }
        self.accountIDs = accountIDs
        self.days = days
        self.now = now
    }

    /// At least `count` events' worth of whole walks, cut to `count`.
    mutating func events(count: Int, using generator: inout SeededGenerator) -> [AnalyticsEventRecord] {
        guard !flows.isEmpty else { return [] }
        var events: [AnalyticsEventRecord] = []
        events.reserveCapacity(count + 64)
        while events.count < count { events += walk(using: &generator) }
        return Array(events.prefix(count))
    }

    private func walk(using generator: inout SeededGenerator) -> [AnalyticsEventRecord] {
        let flow = flows.randomElement(using: &generator)!
        let installID = generator.uuid().uuidString
        let userID =
            !accountIDs.isEmpty && generator.chance(signedInShare)
            ? accountIDs.randomElement(using: &generator) : nil
        let variant = generator.chance(0.5) ? "a" : "b"
        var at = now.addingTimeInterval(-Double.random(in: 0..<Double(max(days, 1) * 86_400), using: &generator))
        var events: [AnalyticsEventRecord] = []
        func record(
            _ kind: AnalyticsEventRecord.Kind, _ screen: String, _ subject: String?, generator: inout SeededGenerator
        ) {
            at.addTimeInterval(Double.random(in: 1..<40, using: &generator))
            events.append(
                AnalyticsEventRecord(
                    id: generator.uuid(), installID: installID, userID: userID, flowID: flow.id,
                    flowVersion: flow.version, variant: variant, kind: kind, screen: screen, subject: subject,
                    sequence: events.count + 1, at: at, receivedAt: at.addingTimeInterval(0.2)))
        }
        for (index, screen) in flow.screens.enumerated() {
            record(.screenShown, screen, nil, generator: &generator)
            guard index + 1 < flow.screens.count else {
                record(.completed, screen, nil, generator: &generator)
                break
            }
            guard generator.chance(stayShare) else { break }
            if generator.chance(0.5) { record(.fieldAnswered, screen, "answer", generator: &generator) }
            record(.action, screen, "continue", generator: &generator)
        }
        return events
    }
}

import DoorstepFlow
import DoorstepServerCore
import Foundation
import HTTPTypes

/// What the web funnel remembers to record a browser's walk as flow events: an install id of its
/// own (random, not the cookie), the next sequence number, the screen each flow last showed (so a
/// reload is not a new visit) and the flows already finished. The install id also picks the
/// browser's variant of each flow's experiment.
struct FunnelAnalytics: Codable, Sendable, Hashable {
    var installID: String
    var nextSequence = 0
    var lastShown: [String: String] = [:]
    var completed: Set<String> = []

    /// The events of a screen being shown: one when it is not the screen this flow showed last.
    mutating func shown(_ engine: FlowEngine, variant: String?, now: Date, random: any RandomSource)
        -> [IncomingEvent]
    {
        let screen = engine.snapshot.screen
        guard lastShown[engine.flow.id] != screen else { return [] }
        lastShown[engine.flow.id] = screen
        return [event(engine, variant, .screenShown, screen: screen, now: now, random: random)]
    }

    /// The events of a form sent from `screen`: each field answered (its id only), the action taken,
    /// the errors the next page shows, and the flow's end the first time it is reached.
    mutating func submitted(
        from screen: String, answered fields: [String], event flowEvent: FlowEvent?, after engine: FlowEngine,
        variant: String?, now: Date, random: any RandomSource
    ) -> [IncomingEvent] {
        var events = fields.sorted().map {
            event(engine, variant, .fieldAnswered, screen: screen, field: $0, now: now, random: random)
        }
        if case .actionTapped(let action) = flowEvent {
            events.append(event(engine, variant, .action, screen: screen, action: action, now: now, random: random))
        }
        for issue in engine.snapshot.issues {
            events.append(
                event(
                    engine, variant, .errorShown, screen: engine.snapshot.screen, field: issue.field, code: issue.code,
                    now: now,
                    random: random))
        }
        if engine.snapshot.completed, completed.insert(engine.flow.id).inserted {
            events.append(event(engine, variant, .completed, screen: engine.snapshot.screen, now: now, random: random))
        }
        return events
    }

    private mutating func event(
        _ engine: FlowEngine, _ variant: String?, _ kind: AnalyticsEventRecord.Kind, screen: String,
        field: String? = nil,
        action: String? = nil, code: String? = nil, now: Date, random: any RandomSource
    ) -> IncomingEvent {
        defer { nextSequence += 1 }
        return IncomingEvent(
            id: random.uuid(), installID: installID, flowID: engine.flow.id, flowVersion: engine.flow.version,
            variant: variant, kind: kind, screen: screen, field: field, action: action, code: code,
            sequence: nextSequence, at: now)
    }

    /// Whether the browser asks not to be tracked (Global Privacy Control, or Do Not Track): then the
    /// funnel records nothing of its walk.
    static func optedOut(_ headers: HTTPFields) -> Bool {
        headers[HTTPField.Name("Sec-GPC")!] == "1" || headers[HTTPField.Name("DNT")!] == "1"
    }
}

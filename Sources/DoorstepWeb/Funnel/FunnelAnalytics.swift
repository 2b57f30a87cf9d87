import DoorstepFlow
import DoorstepHTTP
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

    /// What the shared recording rules remember of this browser's walks.
    var walk: FlowWalkAnalytics {
        get {
            var walk = FlowWalkAnalytics()
            walk.lastShown = lastShown
            walk.completed = completed
            return walk
        }
        set {
            lastShown = newValue.lastShown
            completed = newValue.completed
        }
    }

    /// The events of a walk's steps, numbered in this browser's sequence.
    mutating func incoming(
        _ walked: [FlowWalkEvent], flow: FlowDefinition, variant: String?, now: Date, random: any RandomSource
    ) -> [IncomingEvent] {
        walked.map { walked in
            defer { nextSequence += 1 }
            return IncomingEvent(
                id: random.uuid(), installID: installID, flowID: flow.id, flowVersion: flow.version, variant: variant,
                kind: AnalyticsEventRecord.Kind(walked.kind), screen: walked.screen, field: walked.field,
                action: walked.action, code: walked.code, sequence: nextSequence, at: now)
        }
    }

    /// Whether the browser asks not to be tracked (Global Privacy Control, or Do Not Track): then the
    /// funnel records nothing of its walk.
    static func optedOut(_ headers: HTTPFields) -> Bool {
        headers[HTTPField.Name("Sec-GPC")!] == "1" || headers[HTTPField.Name("DNT")!] == "1"
    }
}

extension AnalyticsEventRecord.Kind {
    init(_ kind: FlowWalkEvent.Kind) {
        switch kind {
        case .screenShown: self = .screenShown
        case .fieldAnswered: self = .fieldAnswered
        case .action: self = .action
        case .errorShown: self = .errorShown
        case .completed: self = .completed
        }
    }
}

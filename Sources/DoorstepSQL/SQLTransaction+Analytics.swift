import DoorstepServerCore
import Foundation

extension SQLTransaction {
    /// Rows per INSERT: well under both databases' limits on bound values.
    static let eventsPerStatement = 100

    public func insertEvents(_ events: [AnalyticsEventRecord]) async throws -> Int {
        var inserted = 0
        var start = 0
        while start < events.count {
            let chunk = events[start..<min(start + Self.eventsPerStatement, events.count)]
            let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
                .joined(separator: ", ")
            let binds = chunk.flatMap { event -> [SQLValue] in
                [
                    .text(event.id.key), .text(event.installID), SQLValue.optional(event.userID?.key),
                    .text(event.flowID), .integer(event.flowVersion), SQLValue.optional(event.variant),
                    .text(event.kind.rawValue), .text(event.screen), SQLValue.optional(event.subject),
                    .integer(event.sequence), .time(event.at), .time(event.receivedAt),
                ]
            }
            inserted += try await rows(
                """
                INSERT INTO analytics_events (id, install_id, user_id, flow_id, flow_version, variant, kind, screen,
                    subject, sequence, happened_at, received_at)
                VALUES \(placeholders)
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, binds
            ).count
            start += chunk.count
        }
        return inserted
    }

    public func events(flowID: String, from: Date, to: Date) async throws -> [AnalyticsEventRecord] {
        try await rows(
            "SELECT * FROM analytics_events WHERE flow_id = ? AND happened_at >= ? AND happened_at < ?",
            [.text(flowID), .time(from), .time(to)]
        ).compactMap(Self.event)
    }

    public func deleteEvents(happenedBefore date: Date) async throws {
        _ = try await rows("DELETE FROM analytics_events WHERE happened_at < ?", [.time(date)])
    }

    static func event(_ row: SQLRow) -> AnalyticsEventRecord? {
        guard let id = row.string("id").flatMap(UUID.init(uuidString:)), let installID = row.string("install_id"),
            let flowID = row.string("flow_id"), let flowVersion = row.integer("flow_version"),
            let kind = row.string("kind").flatMap(AnalyticsEventRecord.Kind.init), let screen = row.string("screen"),
            let sequence = row.integer("sequence"), let at = row.date("happened_at"),
            let receivedAt = row.date("received_at")
        else { return nil }
        return AnalyticsEventRecord(
            id: id, installID: installID, userID: row.string("user_id").flatMap(UUID.init(uuidString:)),
            flowID: flowID, flowVersion: flowVersion, variant: row.string("variant"), kind: kind, screen: screen,
            subject: row.string("subject"), sequence: sequence, at: at, receivedAt: receivedAt)
    }
}

import DoorstepServerCore
import Foundation

extension SQLTransaction {
    /// Rows per INSERT: 4,800 bound values, well under both databases' limits (32,766 for SQLite,
    /// 65,535 for PostgreSQL); fewer, longer statements cost less per row.
    static let eventsPerStatement = 400

    public func insertEvents(_ events: [AnalyticsEventRecord]) async throws -> Set<UUID> {
        var inserted = Set<UUID>()
        var start = 0
        while start < events.count {
            let chunk = events[start..<min(start + Self.eventsPerStatement, events.count)]
            // Ids come back as the text they were stored as; matching that text is far cheaper than
            // parsing each back into a UUID.
            var ids: [String: UUID] = [:]
            var binds: [SQLValue] = []
            binds.reserveCapacity(chunk.count * 12)
            for event in chunk {
                let key = event.id.key
                ids[key] = event.id
                binds += [
                    .text(key), .text(event.installID), SQLValue.optional(event.userID?.key),
                    .text(event.flowID), .integer(event.flowVersion), SQLValue.optional(event.variant),
                    .text(event.kind.rawValue), .text(event.screen), SQLValue.optional(event.subject),
                    .integer(event.sequence), .time(event.at), .time(event.receivedAt),
                ]
            }
            let placeholders = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
                .joined(separator: ", ")
            let rows = try await rows(
                """
                INSERT INTO analytics_events (id, install_id, user_id, flow_id, flow_version, variant, kind, screen,
                    subject, sequence, happened_at, received_at)
                VALUES \(placeholders)
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, binds)
            for row in rows {
                if let key = row.values.first?.string, let id = ids[key] { inserted.insert(id) }
            }
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

    public func walkEvents(flowID: String, from: Date, to: Date, half: InstallHalf) async throws -> [WalkEvent] {
        // The two halves are complements in the database's own collation, whatever it is.
        let installs = half == .belowBoundary ? "install_id < ?" : "install_id >= ?"
        let kinds = WalkEvent.funnelKinds.map { _ in "?" }.joined(separator: ", ")
        // Read by position: a funnel reads every recent screen, and this is its cost.
        return try await rows(
            """
            SELECT install_id, flow_version, variant, kind, screen, sequence, happened_at FROM analytics_events
            WHERE flow_id = ? AND \(installs) AND happened_at >= ? AND happened_at < ? AND kind IN (\(kinds))
            ORDER BY install_id
            """,
            [.text(flowID), .text(InstallHalf.boundary), .time(from), .time(to)]
                + WalkEvent.funnelKinds.map { .text($0.rawValue) }
        ).compactMap { row in
            guard row.values.count == 7, let installID = row.values[0].string, let flowVersion = row.values[1].integer,
                let kind = row.values[3].string.flatMap(AnalyticsEventRecord.Kind.init),
                let screen = row.values[4].string, let sequence = row.values[5].integer,
                let milliseconds = row.values[6].integer
            else { return nil }
            return WalkEvent(
                installID: installID, flowVersion: flowVersion, variant: row.values[2].string, kind: kind,
                screen: screen, sequence: sequence, at: Date(timeIntervalSince1970: Double(milliseconds) / 1_000))
        }
    }

    public func walkAccounts(flowID: String, installIDs: [String]) async throws -> [String: UUID] {
        var accounts: [String: UUID] = [:]
        var start = 0
        while start < installIDs.count {
            let chunk = installIDs[start..<min(start + 500, installIDs.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            // Oldest first, so the latest linked event of each walk is the one kept.
            let rows = try await rows(
                """
                SELECT install_id, user_id FROM analytics_events
                WHERE flow_id = ? AND user_id IS NOT NULL AND install_id IN (\(placeholders))
                ORDER BY happened_at, sequence
                """, [.text(flowID)] + chunk.map { .text($0) })
            for row in rows {
                if let installID = row.string("install_id"),
                    let userID = row.string("user_id").flatMap(UUID.init(text:))
                {
                    accounts[installID] = userID
                }
            }
            start += chunk.count
        }
        return accounts
    }

    public func deleteEvents(happenedBefore date: Date) async throws {
        _ = try await rows("DELETE FROM analytics_events WHERE happened_at < ?", [.time(date)])
    }

    /// Walks are read in the order of the walk index from the cursor on, and grouping stops at the
    /// limit: a batch reads the events of the walks it passes, not the whole table. The events come in
    /// that order too, so the last one names the walk the next batch goes on from, in the database's
    /// own collation.
    public func eventsOfWalks(idleSince cutoff: Date, after walk: WalkKey?, limit: Int) async throws
        -> [AnalyticsEventRecord]
    {
        try await rows(
            """
            SELECT e.* FROM analytics_events e
            JOIN (SELECT flow_id, install_id FROM analytics_events
                WHERE (flow_id, install_id) > (?, ?)
                GROUP BY flow_id, install_id HAVING MAX(happened_at) < ?
                ORDER BY flow_id, install_id LIMIT ?) w
            ON e.flow_id = w.flow_id AND e.install_id = w.install_id
            ORDER BY e.flow_id, e.install_id
            """, [.text(walk?.flowID ?? ""), .text(walk?.installID ?? ""), .time(cutoff), .integer(limit)]
        ).compactMap(Self.event)
    }

    public func deleteEvents(ids: [UUID]) async throws -> Set<UUID> {
        var deleted = Set<UUID>()
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + 500, ids.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let rows = try await rows(
                "DELETE FROM analytics_events WHERE id IN (\(placeholders)) RETURNING id", chunk.map { .text($0.key) })
            deleted.formUnion(rows.compactMap { $0.string("id").flatMap(UUID.init(text:)) })
            start += chunk.count
        }
        return deleted
    }

    public func dailyFunnels(flowID: String, firstDay: String, lastDay: String) async throws -> [DailyFunnelRecord] {
        try await rows(
            "SELECT * FROM analytics_daily WHERE flow_id = ? AND day >= ? AND day <= ?",
            [.text(flowID), .text(firstDay), .text(lastDay)]
        ).compactMap(Self.dailyFunnel)
    }

    public func insertDailyFunnel(_ record: DailyFunnelRecord) async throws {
        let tally = String(decoding: try JSONEncoder().encode(record.tally), as: UTF8.self)
        _ = try await rows(
            """
            INSERT INTO analytics_daily (id, flow_id, day, flow_version, variant, tally, paywall_reached,
                paywall_converted)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(record.id.key), .text(record.flowID), .text(record.day), .integer(record.flowVersion),
                SQLValue.optional(record.variant), .text(tally), .integer(record.paywall.reached),
                .integer(record.paywall.converted),
            ])
    }

    public func deleteDailyFunnels(ids: [UUID]) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try await rows(
            "DELETE FROM analytics_daily WHERE id IN (\(placeholders)) RETURNING id", ids.map { .text($0.key) })
        return Set(rows.compactMap { $0.string("id").flatMap(UUID.init(text:)) })
    }

    static func dailyFunnel(_ row: SQLRow) -> DailyFunnelRecord? {
        guard let id = row.string("id").flatMap(UUID.init(text:)), let day = row.string("day"),
            let flowID = row.string("flow_id"), let flowVersion = row.integer("flow_version"),
            let tally = row.string("tally").flatMap({ try? JSONDecoder().decode(FunnelTally.self, from: Data($0.utf8)) }
            )
        else { return nil }
        let paywall = PaywallTally(
            reached: row.integer("paywall_reached") ?? 0, converted: row.integer("paywall_converted") ?? 0)
        return DailyFunnelRecord(
            id: id, day: day, flowID: flowID, flowVersion: flowVersion, variant: row.string("variant"), tally: tally,
            paywall: paywall)
    }

    static func event(_ row: SQLRow) -> AnalyticsEventRecord? {
        guard let id = row.string("id").flatMap(UUID.init(text:)), let installID = row.string("install_id"),
            let flowID = row.string("flow_id"), let flowVersion = row.integer("flow_version"),
            let kind = row.string("kind").flatMap(AnalyticsEventRecord.Kind.init), let screen = row.string("screen"),
            let sequence = row.integer("sequence"), let at = row.date("happened_at"),
            let receivedAt = row.date("received_at")
        else { return nil }
        return AnalyticsEventRecord(
            id: id, installID: installID, userID: row.string("user_id").flatMap(UUID.init(text:)),
            flowID: flowID, flowVersion: flowVersion, variant: row.string("variant"), kind: kind, screen: screen,
            subject: row.string("subject"), sequence: sequence, at: at, receivedAt: receivedAt)
    }
}

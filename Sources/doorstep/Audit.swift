import ArgumentParser
import DoorstepServerCore
import Foundation

/// `doorstep audit`: the audit log of security and administrative events.
struct Audit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the audit log: sign-ins and failures, lock-outs, credential changes, revocations, deletions.",
        subcommands: [List.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Entries newest first.")
        @OptionGroup var options: Keys.StoreOptions
        @Option(help: "Only the entries of this account.") var account: String?
        @Option(help: "How far back: 7d, 24h. (default: 7d)") var since = "7d"
        @Option(help: "At most this many entries. (default: 1000)") var limit = 1_000
        @Flag(help: "Print one JSON object per line.") var json = false

        func run() async throws {
            let accountID = try account.map(Users.uuid)
            guard let window = Analytics.Funnel.duration(since) else {
                throw Users.failure("--since takes a number of days or hours, such as 7d or 24h.", code: 2)
            }
            guard (1...100_000).contains(limit) else {
                throw Users.failure("--limit takes a number from 1 to 100000.", code: 2)
            }
            let entries = try await options.withStore { store in
                let trail = AuditTrail(storage: store.storage, clock: SystemWallClock(), random: SecureRandomSource())
                return try await trail.entries(
                    account: accountID, since: Date().addingTimeInterval(-window), limit: limit)
            }
            for entry in entries { print(json ? Self.jsonLine(entry) : Self.textLine(entry)) }
        }

        static func textLine(_ entry: AuditRecord) -> String {
            [
                Keys.format(entry.at), entry.event, entry.accountID.map { "account=\($0.lowercasedText)" },
                "actor=\(entry.actor)", entry.sessionID.map { "session=\($0.lowercasedText)" },
                entry.network.map { "network=\($0)" }, entry.requestID.map { "request=\($0)" },
                entry.detail.map { "detail=\($0)" },
            ].compactMap { $0 }.joined(separator: "  ")
        }

        static func jsonLine(_ entry: AuditRecord) -> String {
            var object: [String: Any] = [
                "id": entry.id.lowercasedText, "at": ISO8601DateFormatter().string(from: entry.at),
                "event": entry.event, "actor": entry.actor,
            ]
            object["accountId"] = entry.accountID?.lowercasedText
            object["sessionId"] = entry.sessionID?.lowercasedText
            object["requestId"] = entry.requestID
            object["network"] = entry.network
            object["detail"] = entry.detail
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// What operators do from the command line, in the audit log with the actor `operator`.
enum OperatorAudit {
    /// A trail on the command's store.
    static func trail(on storage: any Storage) -> AuditTrail {
        AuditTrail(storage: storage, clock: SystemWallClock(), random: SecureRandomSource())
    }

    /// Appends one entry and writes it before the command goes on.
    static func record(
        _ event: String, account: UUID? = nil, session: UUID? = nil, detail: String? = nil, on storage: any Storage
    ) async {
        let trail = trail(on: storage)
        trail.append(event, account: account, actor: "operator", session: session, detail: detail)
        await trail.flush()
    }
}

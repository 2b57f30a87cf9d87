import Foundation

/// What an operator's command prints, trimmed; nil when it cannot run. The soak's database size and
/// the transaction counters are read this way, as `psql … -Atc "SELECT …"`.
func outputOfShellCommand(_ command: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The database's committed and rolled-back transactions so far, read before and after a scenario:
/// on PostgreSQL a transaction that lost a serialization conflict rolls back and runs again, work
/// that shows in neither the request rate nor the errors.
struct DatabaseTransactions: Sendable {
    var committed: Int
    var rolledBack: Int

    /// Reads a command printing the two counts, as `psql -Atc "SELECT xact_commit, xact_rollback …"` does
    /// (`12|3`).
    init?(command: String) {
        guard let text = outputOfShellCommand(command) else { return nil }
        let counts = text.split(whereSeparator: { $0 == "|" || $0 == " " }).compactMap { Int($0) }
        guard counts.count == 2 else { return nil }
        (committed, rolledBack) = (counts[0], counts[1])
    }

    /// Rollbacks for each commit between `earlier` and this reading.
    func rollbacksPerCommit(since earlier: DatabaseTransactions) -> Double? {
        let commits = committed - earlier.committed
        return commits > 0 ? Double(rolledBack - earlier.rolledBack) / Double(commits) : nil
    }
}

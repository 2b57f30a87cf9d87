import ArgumentParser
import AsyncHTTPClient
import Crypto
import Foundation
import HummingbirdBcrypt
import NIOCore

/// Drives a running `doorstep serve` from a separate process and reports throughput, latency, errors,
/// the server's CPU per request and its memory. `scripts/bench` builds, starts and stops the server.
@main
struct LoadGenerator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doorstep-load")

    @Option(help: "A server's base URL; repeat it for several instances, called in turn.")
    var url: [String] = ["http://127.0.0.1:8080"]
    @Option(help: "A server's process id, to read its CPU time and memory; repeatable.") var serverPID: [Int32]
    @Option(help: "PostgreSQL's postmaster, to read the CPU time of its processes beside the server's.")
    var databasePID: Int32?
    @Option(
        name: .customLong("scenario"),
        help: "floor, me, refresh, login, password-signup, signup, onboarding, me-under-login, events.")
    var scenarios: [String] = Scenario.allCases.map(\.rawValue)
    @Option(help: "Seconds each measured run lasts.") var duration: Double = 10
    @Option(help: "Seconds of warm-up before the runs.") var warmup: Double = 2
    @Option(help: "Concurrent connections.") var connections = 64
    @Option(help: "Measured runs per scenario.") var runs = 3
    @Option(help: "bcrypt cost the server uses, for the hash ceiling.") var passwordCost = 12
    @Option(help: "Where to write the results as JSON.") var json: String?
    @Flag(help: "Clients send again at once when refused with 429, as naive clients do.") var impatient = false
    @Flag(help: "Exit with a failure when any request failed, so a scenario that broke cannot pass unseen.")
    var failOnErrors = false
    @Option(help: "Instead of the scenarios, this many seconds of mixed load (me 70 %, refresh 20 %, sign-in 10 %).")
    var soak: Double?
    @Option(help: "Seconds between a soak's samples.") var sampleEvery: Double = 10
    @Option(help: "Requests a second a soak sends, all connections together; 0 sends as fast as answered.")
    var soakRate: Double = 300
    @Option(help: "The SQLite file whose size a soak samples.") var databaseFile: String?
    @Option(help: "A command printing the database's size in bytes, for a soak on PostgreSQL.")
    var databaseSizeCommand: String?
    @Option(
        help:
            "A command printing the database's committed and rolled-back transactions so far (PostgreSQL's xact_commit|xact_rollback), to report rollbacks per commit."
    )
    var databaseTransactionsCommand: String?

    func run() async throws {
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(
                connectionPool: .init(
                    idleTimeout: .seconds(60),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: connections + 8)))
        let api = API(client: client, bases: url)
        let server = ServerProcessStats(pids: serverPID, databasePID: databasePID)
        let idleRSS = server.residentMegabytes
        let hashSeconds = HashCeiling.cpuSecondsPerHash(cost: passwordCost)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let ceiling = Double(cores) / hashSeconds
        if let soak {
            try await runSoak(seconds: soak, api: api, server: server)
            try await client.shutdown()
            return
        }

        var results: [ScenarioResult] = []
        for name in scenarios {
            guard let scenario = Scenario(rawValue: name) else { throw ValidationError("unknown scenario \(name)") }
            let workload = try await scenario.prepare(api: api, connections: connections)
            _ = try await Runner.measure(workload, seconds: warmup, server: server, impatient: impatient)
            let transactionsBefore = databaseTransactionsCommand.flatMap(DatabaseTransactions.init(command:))
            var measured: [RunResult] = []
            for _ in 0..<runs {
                measured.append(
                    try await Runner.measure(workload, seconds: duration, server: server, impatient: impatient))
            }
            let transactionsAfter = databaseTransactionsCommand.flatMap(DatabaseTransactions.init(command:))
            results.append(
                ScenarioResult(
                    scenario: impatient ? name + "!" : name, runs: measured,
                    hashCeiling: scenario.hashes ? ceiling : nil,
                    databaseRollbacksPerCommit: transactionsBefore.flatMap {
                        transactionsAfter?.rollbacksPerCommit(since: $0)
                    }))
        }
        try await client.shutdown()
        let report = Report(
            cores: cores, idleMegabytes: idleRSS, peakMegabytes: server.peakMegabytes,
            secondsPerHash: hashSeconds, hashCeiling: ceiling, scenarios: results, passwordCost: passwordCost)
        print(report.table)
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: json))
        }
        let failing = results.compactMap { result in
            result.runs.first { $0.errors > 0 }.map { "\(result.scenario) (first: \($0.firstError ?? "?"))" }
        }
        if failOnErrors, !failing.isEmpty {
            FileHandle.standardError.write(Data("requests failed in: \(failing.joined(separator: ", "))\n".utf8))
            throw ExitCode.failure
        }
    }
}

extension LoadGenerator {
    /// Runs a soak, prints its samples and a summary against the round's targets, writes the JSON.
    func runSoak(seconds: Double, api: API, server: ServerProcessStats) async throws {
        let size: DatabaseSize =
            databaseFile.map { .file($0) } ?? databaseSizeCommand.map { .command($0) } ?? .unknown
        let samples = try await Soak(api: api, server: server, connections: connections, databaseSize: size)
            .run(seconds: seconds, interval: sampleEvery, rate: soakRate > 0 ? soakRate : nil)
        let summary = SoakSummary(samples: samples, warmUpSeconds: 60)
        print(summary.text)
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(summary).write(to: URL(fileURLWithPath: json))
        }
        if failOnErrors, summary.errors > 0 { throw ExitCode.failure }
    }
}

/// CPU time and memory of the server's instances together, read from /proc.
struct ServerProcessStats: Sendable {
    let pids: [Int32]
    /// PostgreSQL's postmaster, whose children serve the server's connections.
    var databasePID: Int32? = nil

    /// User + system CPU seconds so far of the database's processes: the postmaster and its children.
    var databaseCPUSeconds: Double? {
        guard let databasePID else { return nil }
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.reduce(Self.cpuSeconds(statFile: "/proc/\(databasePID)/stat")) { total, name in
            guard Int32(name) != nil, let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                stat[stat.index(after: close)...].split(separator: " ").dropFirst().first == Substring("\(databasePID)")
            else { return total }
            return total + Self.cpuSeconds(statFile: "/proc/\(name)/stat")
        }
    }

    /// User + system CPU seconds so far.
    var cpuSeconds: Double {
        pids.reduce(0) { total, pid in total + Self.cpuSeconds(statFile: "/proc/\(pid)/stat") }
    }

    /// CPU seconds so far of every thread but the password-hashing pool's: what serving, refusing and
    /// storing cost. The hashing pool is the one `NIOThreadPool` the server starts itself, so its
    /// threads carry that type's default names, `TP-#0`, `TP-#1`… (SQLite's pool is `SGLTN-TP-#…`).
    var cpuSecondsOutsideHashing: Double {
        pids.reduce(0) { total, pid in
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.reduce(total) { sum, task in
                let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
                guard !name.hasPrefix("TP-#") else { return sum }
                return sum + Self.cpuSeconds(statFile: "/proc/\(pid)/task/\(task)/stat")
            }
        }
    }

    private static func cpuSeconds(statFile: String) -> Double {
        guard let stat = try? String(contentsOfFile: statFile, encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private func status(_ key: String) -> Double {
        pids.reduce(0) { total, pid in
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key) })
            else { return total }
            return total + (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
        }
    }

    var residentMegabytes: Double { status("VmRSS:") }
    /// Descriptors the instances hold open: files, sockets, pipes.
    var openFiles: Int {
        pids.reduce(0) { total, pid in
            total + ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? 0)
        }
    }
    var peakMegabytes: Double { status("VmHWM:") }
}

/// The CPU cost of one password hash at the server's cost, measured in this process.
enum HashCeiling {
    static func cpuSeconds() -> Double {
        var usage = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &usage)
        return Double(usage.tv_sec) + Double(usage.tv_nsec) / 1e9
    }

    static func cpuSecondsPerHash(cost: Int) -> Double {
        let input = Data(SHA256.hash(data: Data("Sunny-Days-2026".utf8))).base64EncodedString()
        let start = cpuSeconds()
        let count = 4
        for _ in 0..<count { _ = Bcrypt.hash(input, cost: UInt8(cost)) }
        return (cpuSeconds() - start) / Double(count)
    }
}

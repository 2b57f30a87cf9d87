import Foundation
import Synchronization

/// One measured run.
struct RunResult: Codable, Sendable {
    var requestsPerSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var meanMilliseconds: Double
    var errors: Int
    /// What went wrong with the first failed request, when one failed.
    var firstError: String? = nil
    /// Requests the server shed with 429 and `Retry-After` (the connection then waited as asked).
    var shed: Int
    var serverCPUMillisecondsPerRequest: Double
    /// PostgreSQL's CPU per request, when its postmaster was named.
    var databaseCPUMillisecondsPerRequest: Double? = nil
    /// The server's CPU per request outside its password-hashing threads. In a run where most requests
    /// are refused it bounds what a refusal costs, since an admitted request costs more outside
    /// hashing than a refused one.
    var serverCPUOutsideHashingMillisecondsPerRequest: Double
    var serverPeakMegabytes: Double
}

enum Runner {
    /// Runs every lane of the workload for `seconds`, each connection looping; measures the measured lanes.
    /// An impatient connection sends again at once when shed, instead of waiting as `Retry-After` asks.
    static func measure(
        _ workload: Workload, seconds: Double, server: ServerProcessStats, impatient: Bool = false
    ) async throws -> RunResult {
        let tally = Tally()
        let cpuBefore = server.cpuSeconds
        let databaseCPUBefore = server.databaseCPUSeconds
        let cpuOutsideHashingBefore = server.cpuSecondsOutsideHashing
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1_000))
        await withTaskGroup(of: Void.self) { group in
            for lane in workload.lanes {
                for connection in 0..<lane.count {
                    group.addTask {
                        var iteration = 0
                        while ContinuousClock.now < deadline {
                            let began = ContinuousClock.now
                            do {
                                try await lane.iteration(connection, iteration)
                                tally.record((ContinuousClock.now - began).milliseconds, measured: lane.measured)
                            } catch let failure as API.Failure where failure.isShed {
                                tally.shed(measured: lane.measured)
                                if !impatient {
                                    let wait = min(failure.retryAfter ?? 1, 1)
                                    try? await Task.sleep(for: .milliseconds(Int(wait * 1_000)))
                                }
                            } catch {
                                tally.fail(measured: lane.measured, because: error)
                            }
                            iteration += 1
                        }
                    }
                }
            }
        }
        let elapsed = ContinuousClock.now - start
        let wall = elapsed.milliseconds / 1_000
        let sorted = tally.latencies.sorted()
        let count = sorted.count
        let cpu = (server.cpuSeconds - cpuBefore) * 1_000
        let databaseCPU = server.databaseCPUSeconds.flatMap { after in databaseCPUBefore.map { (after - $0) * 1_000 } }
        let cpuOutsideHashing = (server.cpuSecondsOutsideHashing - cpuOutsideHashingBefore) * 1_000
        let total = tally.iterations
        return RunResult(
            requestsPerSecond: Double(count) / wall, p50Milliseconds: sorted.percentile(0.5),
            p99Milliseconds: sorted.percentile(0.99),
            meanMilliseconds: count == 0 ? 0 : sorted.reduce(0, +) / Double(count), errors: tally.errors,
            firstError: tally.firstError,
            shed: tally.shedCount, serverCPUMillisecondsPerRequest: total == 0 ? 0 : cpu / Double(total),
            databaseCPUMillisecondsPerRequest: databaseCPU.map { total == 0 ? 0 : $0 / Double(total) },
            serverCPUOutsideHashingMillisecondsPerRequest: total == 0 ? 0 : cpuOutsideHashing / Double(total),
            serverPeakMegabytes: server.peakMegabytes)
    }
}

/// Latencies and counts collected by concurrent connections.
final class Tally: Sendable {
    private let state = Mutex((latencies: [Double](), errors: 0, shed: 0, iterations: 0, firstError: String?.none))

    var latencies: [Double] { state.withLock { $0.latencies } }
    var errors: Int { state.withLock { $0.errors } }
    var shedCount: Int { state.withLock { $0.shed } }
    var iterations: Int { state.withLock { $0.iterations } }
    var firstError: String? { state.withLock { $0.firstError } }

    func record(_ milliseconds: Double, measured: Bool) {
        state.withLock { state in
            if measured { state.latencies.append(milliseconds) }
            state.iterations += 1
        }
    }

    func shed(measured: Bool) {
        state.withLock { state in
            if measured { state.shed += 1 }
            state.iterations += 1
        }
    }

    func fail(measured: Bool, because error: any Error) {
        state.withLock { state in
            if measured { state.errors += 1 }
            if measured, state.firstError == nil { state.firstError = String(describing: error) }
            state.iterations += 1
        }
    }
}

/// A scenario's runs and their medians.
struct ScenarioResult: Codable, Sendable {
    var scenario: String
    var runs: [RunResult]
    var hashCeiling: Double?
    /// Transactions the database rolled back for each it committed, over the measured runs.
    var databaseRollbacksPerCommit: Double?

    var median: RunResult {
        runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[runs.count / 2]
    }
}

/// Everything measured, as a table and as JSON.
struct Report: Codable, Sendable {
    var cores: Int
    var idleMegabytes: Double
    var peakMegabytes: Double
    var secondsPerHash: Double
    var hashCeiling: Double
    var scenarios: [ScenarioResult]

    var passwordCost: Int

    var table: String {
        func column(_ text: String, _ width: Int, left: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + padding : padding + text
        }
        func number(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
        var lines = [
            column("scenario", 16, left: true) + column("req/s", 10) + column("p50 ms", 10) + column("p99 ms", 10)
                + column("errors", 8) + column("shed", 8) + column("cpu ms/req", 12) + column("peak MB", 10)
        ]
        for scenario in scenarios {
            let m = scenario.median
            lines.append(
                column(scenario.scenario, 16, left: true) + column(number(m.requestsPerSecond, 1), 10)
                    + column(number(m.p50Milliseconds, 2), 10) + column(number(m.p99Milliseconds, 2), 10)
                    + column(String(m.errors), 8) + column(String(m.shed), 8)
                    + column(number(m.serverCPUMillisecondsPerRequest, 2), 12)
                    + column(number(m.serverPeakMegabytes, 1), 10)
                    + (m.databaseCPUMillisecondsPerRequest.map { "   database cpu ms/req " + number($0, 2) } ?? "")
                    + (scenario.databaseRollbacksPerCommit.map { "   rollbacks/commit " + number($0, 2) } ?? ""))
            if scenario.scenario == Scenario.events.rawValue {
                lines.append(
                    "  \(number(m.requestsPerSecond * Double(Scenario.eventsPerBatch), 0)) events/s in batches of \(Scenario.eventsPerBatch)"
                )
            }
            if let ceiling = scenario.hashCeiling {
                lines.append(
                    "  \(number(m.requestsPerSecond / ceiling * 100, 0))% of the hash ceiling (\(number(ceiling, 1)) hashes/s); "
                        + "\(number(m.serverCPUOutsideHashingMillisecondsPerRequest, 3)) ms of CPU a request outside hashing"
                )
            }
        }
        lines.append(
            "one cost-\(passwordCost) bcrypt hash: \(number(secondsPerHash * 1_000, 1)) ms of CPU; hash ceiling "
                + "\(number(hashCeiling, 1))/s on \(cores) cores; server idle \(number(idleMegabytes, 1)) MB, "
                + "peak \(number(peakMegabytes, 1)) MB")
        return lines.joined(separator: "\n")
    }
}

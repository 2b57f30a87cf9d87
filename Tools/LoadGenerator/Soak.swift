import Foundation
import Synchronization

/// A long run of mixed load — of every ten requests, seven `GET /v1/me`, two refreshes and one code
/// sign-up or (one in twenty of those) password log-in, as apps in use send them — sampled at a fixed
/// interval: throughput, the p99 of `me`, errors, and the server's resident memory, open files and
/// database size. It shows what a short run cannot: memory that creeps, files left open, latency that
/// grows with the tables. With a rate, the connections send at that pace together, so latency is the
/// server's and not a queue's; without one, each sends again as soon as it is answered.
struct Soak {
    let api: API
    let server: ServerProcessStats
    let connections: Int
    /// Where the database's size is read: a SQLite file (with its `-wal`), or a command printing bytes.
    let databaseSize: DatabaseSize

    /// What one connection sends next, by its place in the mix of ten.
    enum Kind: Int, CaseIterable {
        case me, refresh, signIn
        static func at(_ slot: Int) -> Kind { slot < 7 ? .me : slot < 9 ? .refresh : .signIn }
    }

    /// Runs for `seconds` at `rate` requests a second (as fast as answered when nil), printing a row each
    /// `interval` seconds; returns the samples.
    func run(seconds: Double, interval: Double, rate: Double?) async throws -> [SoakSample] {
        let tokens = try await Scenario.guests(api, count: 256).map(\.access)
        let chains = Chains(try await Scenario.guests(api, count: connections).map(\.refresh))
        let emails = try await Scenario.accounts(api, count: 8)
        let prefix = UUID().uuidString.prefix(8).lowercased()
        let numbers = UniqueNumbers()
        let window = SoakWindow()
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1_000))
        print(SoakSample.header)
        return try await withThrowingTaskGroup(of: [SoakSample].self) { group in
            for connection in 0..<connections {
                group.addTask {
                    var iteration = 0
                    // Each connection sends every `connections / rate` seconds, the connections spread
                    // over that interval; one that falls behind sends at once rather than in a burst.
                    let pace = rate.map { Duration.milliseconds(Int(Double(connections) / $0 * 1_000)) }
                    var next = start + (pace.map { $0 * Double(connection) / Double(connections) } ?? .zero)
                    while ContinuousClock.now < deadline {
                        if let pace {
                            if next > ContinuousClock.now { try? await Task.sleep(until: next) }
                            next = max(next + pace, ContinuousClock.now)
                        }
                        // Each connection starts elsewhere in the mix, so the whole keeps its shares.
                        let kind = Kind.at((connection + iteration) % 10)
                        let began = ContinuousClock.now
                        do {
                            switch kind {
                            case .me:
                                try await api.call(.GET, "/v1/me", bearer: tokens[(connection * 31 + iteration) % 256])
                            case .refresh:
                                let session = try await api.call(
                                    .POST, "/v1/auth/token/refresh", json: ["refreshToken": chains.token(connection)])
                                chains.replace(connection, with: session["refreshToken"] as? String ?? "")
                            case .signIn where iteration.isMultiple(of: 20):
                                try await api.call(
                                    .POST, "/v1/auth/login",
                                    json: ["email": emails[connection % emails.count], "password": Scenario.password])
                            case .signIn:
                                let email = "\(numbers.nextSpread())-soak-\(prefix)@example.com"
                                try await api.call(.POST, "/v1/auth/code", json: ["email": email, "purpose": "signup"])
                                let code = try await api.code(for: email)
                                try await api.call(
                                    .POST, "/v1/auth/code/verify",
                                    json: ["email": email, "code": code, "purpose": "signup"])
                            }
                            window.record(kind, milliseconds: (ContinuousClock.now - began).milliseconds)
                        } catch let failure as API.Failure where failure.isShed {
                            window.shed()
                            try? await Task.sleep(for: .milliseconds(Int(min(failure.retryAfter ?? 1, 1) * 1_000)))
                        } catch {
                            window.fail(because: error)
                        }
                        iteration += 1
                    }
                    return []
                }
            }
            group.addTask {
                var samples: [SoakSample] = []
                var next = start
                while next < deadline {
                    next += .milliseconds(Int(interval * 1_000))
                    try await Task.sleep(until: min(next, deadline))
                    let counts = window.take()
                    let sample = SoakSample(
                        second: (ContinuousClock.now - start).milliseconds / 1_000, counts: counts,
                        interval: interval, residentMegabytes: server.residentMegabytes,
                        openFiles: server.openFiles, databaseMegabytes: databaseSize.megabytes())
                    print(sample.row)
                    samples.append(sample)
                }
                return samples
            }
            var samples: [SoakSample] = []
            for try await part in group { samples += part }
            return samples
        }
    }
}

/// One interval of a soak.
struct SoakSample: Codable, Sendable {
    var second: Double
    var meRequestsPerSecond: Double
    var meP99Milliseconds: Double
    var refreshesPerSecond: Double
    var signInsPerSecond: Double
    var errors: Int
    var shed: Int
    var firstError: String?
    var residentMegabytes: Double
    var openFiles: Int
    var databaseMegabytes: Double?

    init(
        second: Double, counts: SoakWindow.Counts, interval: Double, residentMegabytes: Double, openFiles: Int,
        databaseMegabytes: Double?
    ) {
        self.second = second
        let sorted = counts.meLatencies.sorted()
        meRequestsPerSecond = Double(sorted.count) / interval
        meP99Milliseconds = sorted.percentile(0.99)
        refreshesPerSecond = Double(counts.refreshes) / interval
        signInsPerSecond = Double(counts.signIns) / interval
        errors = counts.errors
        shed = counts.shed
        firstError = counts.firstError
        self.residentMegabytes = residentMegabytes
        self.openFiles = openFiles
        self.databaseMegabytes = databaseMegabytes
    }

    static let header = "     s    me/s  me p99 ms  refresh/s  sign-in/s  errors  shed   RSS MB  open files    DB MB"

    var row: String {
        let database = databaseMegabytes.map { String(format: "%.1f", $0) } ?? "-"
        let padding = String(repeating: " ", count: max(0, 9 - database.count))
        return String(
            format: "%6.0f %7.0f %10.2f %10.0f %10.1f %7d %5d %8.1f %11d", second, meRequestsPerSecond,
            meP99Milliseconds, refreshesPerSecond, signInsPerSecond, errors, shed, residentMegabytes, openFiles)
            + padding + database
    }
}

/// What the connections did since the last sample.
final class SoakWindow: Sendable {
    struct Counts {
        var meLatencies: [Double] = []
        var refreshes = 0
        var signIns = 0
        var errors = 0
        var shed = 0
        var firstError: String?
    }

    private let counts = Mutex(Counts())

    func record(_ kind: Soak.Kind, milliseconds: Double) {
        counts.withLock { counts in
            switch kind {
            case .me: counts.meLatencies.append(milliseconds)
            case .refresh: counts.refreshes += 1
            case .signIn: counts.signIns += 1
            }
        }
    }

    func shed() { counts.withLock { $0.shed += 1 } }

    func fail(because error: any Error) {
        counts.withLock { counts in
            counts.errors += 1
            if counts.firstError == nil { counts.firstError = String(describing: error) }
        }
    }

    /// The counts so far, starting the next window empty.
    func take() -> Counts {
        counts.withLock { counts in
            defer { counts = Counts() }
            return counts
        }
    }
}

/// How big the database is now.
enum DatabaseSize: Sendable {
    /// A SQLite file: the file and its write-ahead log.
    case file(String)
    /// A command that prints the size in bytes (for PostgreSQL, `psql … -Atc "SELECT pg_database_size(…)"`).
    case command(String)
    case unknown

    func megabytes() -> Double? {
        switch self {
        case .file(let path):
            let bytes = [path, path + "-wal"].compactMap {
                (try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? Int
            }
            return bytes.isEmpty ? nil : Double(bytes.reduce(0, +)) / 1_048_576
        case .command(let command):
            return outputOfShellCommand(command).flatMap(Double.init).map { $0 / 1_048_576 }
        case .unknown:
            return nil
        }
    }
}

/// What a soak showed, against the round's targets: no error, resident memory after warm-up growing less
/// than 10 %, and the p99 of `me` under 10 ms in every sample.
struct SoakSummary: Codable, Sendable {
    var samples: [SoakSample]
    var errors: Int
    var firstError: String?
    /// Resident memory at the first sample after warm-up, halfway through, and at the last.
    var residentAfterWarmUp: Double
    var residentAtHalf: Double
    var residentAtEnd: Double
    /// The worst p99 of `me` in a sample after warm-up, and during it (a cold start's first reads).
    var worstMeP99: Double
    var worstMeP99DuringWarmUp: Double

    init(samples: [SoakSample], warmUpSeconds: Double) {
        self.samples = samples
        errors = samples.reduce(0) { $0 + $1.errors }
        firstError = samples.lazy.compactMap(\.firstError).first
        residentAfterWarmUp =
            samples.first { $0.second >= warmUpSeconds }?.residentMegabytes ?? samples.first?.residentMegabytes ?? 0
        let half = (samples.last?.second ?? 0) / 2
        residentAtHalf = samples.first { $0.second >= half }?.residentMegabytes ?? residentAfterWarmUp
        residentAtEnd = samples.last?.residentMegabytes ?? 0
        worstMeP99 = samples.filter { $0.second > warmUpSeconds }.map(\.meP99Milliseconds).max() ?? 0
        worstMeP99DuringWarmUp = samples.filter { $0.second <= warmUpSeconds }.map(\.meP99Milliseconds).max() ?? 0
    }

    var growth: Double { Self.growth(from: residentAfterWarmUp, to: residentAtEnd) }

    static func growth(from start: Double, to end: Double) -> Double { start > 0 ? (end / start - 1) * 100 : 0 }

    var text: String {
        let minutes = (samples.last?.second ?? 0) / 60
        return [
            String(format: "==> Soak of %.1f min: %d errors", minutes, errors)
                + (firstError.map { " (first: \($0))" } ?? ""),
            String(
                format:
                    "resident memory %.1f MB after warm-up, %.1f MB at the end: %+.1f %% (target under 10 %%); %+.1f %% over the second half",
                residentAfterWarmUp, residentAtEnd, growth, Self.growth(from: residentAtHalf, to: residentAtEnd)),
            String(
                format:
                    "worst p99 of me in a sample after warm-up: %.2f ms (target under 10 ms); during warm-up: %.2f ms",
                worstMeP99, worstMeP99DuringWarmUp),
        ].joined(separator: "\n")
    }
}

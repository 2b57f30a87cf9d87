import Benchmark
import DoorstepFlow
import DoorstepSQLite
import DoorstepServerCore
import Foundation

/// What a funnel costs on a month of events in the embedded SQLite store: 1,000,000 TANDA events
/// (about 100,000 installs) over 30 days, read raw (before compaction), compacted into daily tallies, and
/// read again as the server reads them afterwards. Each benchmark seeds its own database file.
let benchmarks: @Sendable () -> Void = {
    // DOORSTEP_BENCHMARK_SMOKE=1 seeds 10,000 events and runs each benchmark twice.
    let smoke = ProcessInfo.processInfo.environment["DOORSTEP_BENCHMARK_SMOKE"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds,
        maxDuration: smoke ? .milliseconds(50) : .seconds(10), maxIterations: smoke ? 2 : 30)
    let events = smoke ? 10_000 : 1_000_000

    let raw = EventMonth(events: events)
    Benchmark(
        "30-day funnel, \(events) events not yet compacted",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await raw.service.funnel(flowID: "tanda", version: nil, variant: nil))
            }
        }, setup: { try await raw.seed() }, teardown: { try await raw.remove() })

    let compacted = EventMonth(events: events)
    Benchmark(
        "30-day funnel, \(events) events, compacted daily",
        closure: { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try await compacted.service.funnel(flowID: "tanda", version: nil, variant: nil))
            }
        },
        setup: {
            try await compacted.seed()
            try await compacted.service.compact()
        }, teardown: { try await compacted.remove() })

    let folding = EventMonth(events: events)
    Benchmark(
        "Compacting \(events) events of idle walks",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
            maxDuration: .seconds(1), maxIterations: 1),
        closure: { benchmark in
            benchmark.startMeasurement()
            blackHole(try await folding.service.compact())
            benchmark.stopMeasurement()
        }, setup: { try await folding.seed() }, teardown: { try await folding.remove() })
}

/// A month of TANDA walks in a fresh SQLite file, read as the month ends: walks idle since before
/// yesterday began are compacted (the default policy), so the last one to two days stay raw, as on
/// a server that compacts as it runs.
final class EventMonth: @unchecked Sendable {
    static let monthStart = Date(timeIntervalSince1970: 1_790_000_000)
    let events: Int
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("analytics-\(UUID()).sqlite").path
    let clock = FixedClock(now: monthStart.addingTimeInterval(30 * 86_400))
    private(set) var storage: SQLiteStorage!
    private(set) var service: AnalyticsService!

    init(events: Int) {
        self.events = events
    }

    func seed() async throws {
        storage = try await SQLiteStorage.open(path: path)
        service = AnalyticsService(
            storage: storage, catalog: try FlowCatalog.bundled(),
            context: ServiceContext(clock: clock, random: SecureRandomSource()))
        var generator = SplitMix(seed: 42)
        var batch: [AnalyticsEventRecord] = []
        var install = 0
        var seeded = 0
        while seeded < events {
            // Walks begin evenly over the 30 days, by the share of events seeded so far.
            let began = Self.monthStart.addingTimeInterval(Double(seeded) / Double(events) * 30 * 86_400)
            let walk = Self.walk(install, began: began, generator: &generator).prefix(events - seeded)
            batch += walk
            seeded += walk.count
            install += 1
            if batch.count >= 5_000 {
                try await storage.transaction { [batch] in _ = try await $0.insertEvents(batch) }
                batch = []
            }
        }
        try await storage.transaction { [batch] in _ = try await $0.insertEvents(batch) }
    }

    func remove() async throws {
        try await storage.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// One install's walk along a new account's path: each screen shown, then the action that left
    /// it, until the install drops off (one in seven per screen) or finishes. Installs alternate
    /// between the carousel experiment's variants.
    static func walk(_ install: Int, began: Date, generator: inout SplitMix) -> [AnalyticsEventRecord] {
        let twoSlides = install.isMultiple(of: 2)
        let carousel = twoSlides ? ["slide1", "slide3"] : ["slide1", "slide2", "slide3"]
        let path =
            carousel + ["createAccount", "verifyEmail", "celebration", "createPassword", "name", "legal", "home"]
        var at = began
        var events: [AnalyticsEventRecord] = []
        func record(_ kind: AnalyticsEventRecord.Kind, _ screen: String, _ subject: String? = nil) {
            at += Double(generator.next() % 200) / 10 + 1
            events.append(
                AnalyticsEventRecord(
                    id: generator.uuid(), installID: "install-\(install)", flowID: "tanda", flowVersion: 3,
                    variant: twoSlides ? "twoSlides" : "threeSlides", kind: kind, screen: screen, subject: subject,
                    sequence: events.count, at: at, receivedAt: at))
        }
        for screen in path {
            record(.screenShown, screen)
            if screen == "home" {
                record(.completed, screen)
                break
            }
            guard generator.next() % 7 != 0 else { break }
            record(.action, screen, "continue")
        }
        return events
    }
}

/// A clock that stays put.
struct FixedClock: WallClock {
    let now: Date
}

/// A small seeded generator (SplitMix64), so every run seeds the same month.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uuid() -> UUID {
        let high = next()
        let low = next()
        return withUnsafeBytes(of: (high, low)) { bytes in
            UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
    }
}

@preconcurrency import Benchmark
import DoorstepFlow
import Foundation

/// The flow engine's cost: one transition, validating a screen, progress, a snapshot round trip,
/// loading the catalog, and a whole simulated walk of each reference flow. Each measures only its
/// operation: what it needs (an engine, a finished walk) is made before `startMeasurement()`.
let benchmarks: @Sendable () -> Void = {
    // DOORSTEP_BENCHMARK_SMOKE=1 makes every benchmark run a few iterations, to prove they still work.
    let smoke = ProcessInfo.processInfo.environment["DOORSTEP_BENCHMARK_SMOKE"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
        maxDuration: smoke ? .milliseconds(20) : .seconds(2), maxIterations: smoke ? 5 : 100_000)
    if smoke {
        // The smoke run starts this executable on its own, without `swift package benchmark`, and so
        // alone the runner would stop at a benchmark that throws without a word: say which, and fail.
        Benchmark.teardown = {
            if let failed = Benchmark.benchmarks.first(where: { $0.failureReason != nil }) {
                FileHandle.standardError.write(Data("error: \(failed.failureReason ?? failed.name)\n".utf8))
                exit(1)
            }
        }
    }

    // Operations that take microseconds run a thousand times a sample; figures are per operation.
    let perOperation = Benchmark.Configuration(timeUnits: .nanoseconds, scalingFactor: .kilo)

    let catalog = try! FlowCatalog.bundled()
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let tanda = catalog.flow("tanda")!
    let trainer = catalog.flow("trainer")!

    Benchmark("One transition (TANDA carousel, forward or back)", configuration: perOperation) { benchmark in
        var engine = FlowEngine(flow: tanda)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            blackHole(engine.handle(iteration.isMultiple(of: 2) ? .actionTapped("next") : .backTapped, at: now))
        }
    }

    Benchmark("Validating a screen (trainer intake answer)", configuration: perOperation) { benchmark in
        var engine = FlowEngine(flow: trainer)
        engine.handle(.actionTapped("continue"), at: now)
        engine.handle(.timerFired("finished"), at: now)
        engine.handle(.actionTapped("getStarted"), at: now)
        engine.handle(.answerChanged(field: "name", value: "Alex"), at: now)
        let next = engine.screen.action("next")!
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(engine.issues(blocking: next, at: now))
        }
    }

    Benchmark("Progress (trainer, middle of the intake)", configuration: perOperation) { benchmark in
        var engine = FlowEngine(flow: trainer)
        engine.handle(.actionTapped("continue"), at: now)
        engine.handle(.timerFired("finished"), at: now)
        engine.handle(.actionTapped("getStarted"), at: now)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(engine.progress)
        }
    }

    Benchmark("Snapshot encode + decode (trainer)") { benchmark in
        let walk = FlowSimulator(flow: trainer, now: now).run()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try FlowSnapshot(json: try walk.snapshot.jsonData()))
        }
    }

    Benchmark("Snapshot encode + decode through Codable (trainer, as before)") { benchmark in
        let walk = FlowSimulator(flow: trainer, now: now).run()
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let data = try encoder.encode(walk.snapshot)
            blackHole(try decoder.decode(FlowSnapshot.self, from: data))
        }
    }

    Benchmark("Loading the catalog") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try FlowCatalog.bundled())
        }
    }

    Benchmark("Loading the catalog through JSONDecoder (as before)") { benchmark in
        let files = try FlowCatalog.referenceIDs.map { try Data(contentsOf: FlowCatalog.bundledURL($0)) }
        let decoder = JSONDecoder()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try files.map { try decoder.decode(FlowDefinition.self, from: $0) })
        }
    }

    for id in FlowCatalog.referenceIDs {
        let flow = catalog.flow(id)!
        Benchmark("Whole simulated walk: \(id)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(FlowSimulator(flow: flow, now: now).run())
            }
        }
    }
}

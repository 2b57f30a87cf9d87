// swift-tools-version: 6.1
import PackageDescription

// The engine's and the analytics store's micro-benchmarks (package-benchmark), a package of their own so
// that an app adding Doorstep never resolves the benchmark package or is asked to trust its plugin:
// `swift package --package-path Benchmarks --disable-sandbox benchmark --target EngineBenchmarks`.
let package = Package(
    name: "DoorstepBenchmarks",
    platforms: [.macOS(.v15)],
    traits: [
        .trait(
            name: "CountAllocations",
            description: "Counts each benchmark's allocations with package-benchmark's malloc interposer. "
                + "scripts/test's smoke run turns it off: it builds in debug, where the interposer crashes on Swift 6.3."
        ),
        .trait(
            name: "Analytics",
            description: "The analytics store's benchmarks, which need Doorstep's server (its trait Server). "
                + "Without it, the server's packages are neither resolved nor built."
        ),
        .default(enabledTraits: ["CountAllocations", "Analytics"]),
    ],
    dependencies: [
        .package(
            name: "Doorstep", path: "..", traits: [.init(name: "Server", condition: .when(traits: ["Analytics"]))]
        ),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: [.init(name: "MallocInterposer", condition: .when(traits: ["CountAllocations"]))]
        ),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "DoorstepFlow", package: "Doorstep"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnalyticsBenchmarks",
            dependencies: [
                .product(name: "DoorstepFlow", package: "Doorstep"),
                .product(name: "DoorstepServerCore", package: "Doorstep"),
                .product(name: "DoorstepSQLite", package: "Doorstep"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "AnalyticsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

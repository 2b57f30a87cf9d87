// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Doorstep",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "DoorstepFlow", targets: ["DoorstepFlow"]),
        .library(name: "DoorstepAPI", targets: ["DoorstepAPI"]),
        .library(name: "DoorstepServerCore", targets: ["DoorstepServerCore"]),
        .library(name: "DoorstepSQLite", targets: ["DoorstepSQLite"]),
        .library(name: "DoorstepPostgres", targets: ["DoorstepPostgres"]),
        .library(name: "DoorstepHTTP", targets: ["DoorstepHTTP"]),
        .library(name: "DoorstepClient", targets: ["DoorstepClient"]),
        .library(name: "DoorstepPresentation", targets: ["DoorstepPresentation"]),
        .library(name: "DoorstepUI", targets: ["DoorstepUI"]),
        .library(name: "DoorstepMail", targets: ["DoorstepMail"]),
        .executable(name: "doorstep", targets: ["doorstep"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "DoorstepFlow",
            resources: [.copy("Catalog/Flows")]
        ),
        .target(
            name: "DoorstepAPI",
            dependencies: [
                "DoorstepFlow",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "DoorstepServerCore",
            dependencies: [
                "DoorstepFlow",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            resources: [.copy("Resources/common-passwords.txt")]
        ),
        .target(
            name: "DoorstepSQL",
            dependencies: ["DoorstepFlow", "DoorstepServerCore"]
        ),
        .target(
            name: "DoorstepSQLite",
            dependencies: [
                "DoorstepSQL",
                "DoorstepServerCore",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        .target(
            name: "DoorstepPostgres",
            dependencies: [
                "DoorstepSQL",
                "DoorstepServerCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "DoorstepMail",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ],
            resources: [.copy("Templates")]
        ),
        .target(
            name: "DoorstepHTTP",
            dependencies: [
                "DoorstepAPI",
                "DoorstepMail",
                "DoorstepPresentation",
                "DoorstepServerCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Funnel/Assets")]
        ),
        .target(
            name: "DoorstepPresentation",
            dependencies: ["DoorstepFlow"]
        ),
        // SwiftUI views over DoorstepPresentation; every file is compiled only where SwiftUI exists,
        // so on Linux the target builds empty.
        .target(
            name: "DoorstepUI",
            dependencies: ["DoorstepClient", "DoorstepFlow", "DoorstepPresentation"]
        ),
        .target(
            name: "DoorstepClient",
            dependencies: [
                "DoorstepAPI",
                "DoorstepFlow",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        .executableTarget(
            name: "doorstep",
            dependencies: [
                "DoorstepFlow",
                "DoorstepHTTP",
                "DoorstepMail",
                "DoorstepPostgres",
                "DoorstepSQLite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
        .executableTarget(
            name: "doorstep-load",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            path: "Tools/LoadGenerator"
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "DoorstepFlow",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnalyticsBenchmarks",
            dependencies: [
                "DoorstepFlow",
                "DoorstepServerCore",
                "DoorstepSQLite",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AnalyticsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "DoorstepTestSupport",
            dependencies: [
                "DoorstepServerCore",
                "DoorstepHTTP",
                "DoorstepPostgres",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Tests/DoorstepTestSupport"
        ),
        .testTarget(
            name: "DoorstepFlowTests",
            dependencies: ["DoorstepFlow"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "DoorstepServerTests",
            dependencies: [
                "DoorstepTestSupport",
                "DoorstepPostgres",
                "DoorstepSQLite",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
        .testTarget(
            name: "DoorstepPresentationTests",
            dependencies: ["DoorstepPresentation"],
            resources: [.copy("Golden")]
        ),
        // Runs only where SwiftUI exists (the macOS workflow); on Linux it builds empty.
        .testTarget(
            name: "DoorstepUITests",
            dependencies: ["DoorstepUI", "DoorstepPresentation", "DoorstepFlow"]
        ),
        .testTarget(
            name: "DoorstepMailTests",
            dependencies: ["DoorstepMail", "DoorstepTestSupport"]
        ),
        .testTarget(
            name: "DoorstepClientTests",
            dependencies: ["DoorstepClient", "DoorstepTestSupport"]
        ),
        .testTarget(
            name: "DoorstepCommandTests",
            dependencies: [
                "doorstep",
                "DoorstepClient",
                "DoorstepTestSupport",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

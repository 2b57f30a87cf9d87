// swift-tools-version: 6.1
import PackageDescription

/// A product only the server, its tools and its tests use. An app that adds Doorstep with `traits: []`
/// (docs/getting-started.md, "Adding Doorstep to an app") turns the `Server` trait off, and SwiftPM
/// then neither resolves nor builds these packages; `swift run doorstep serve` here keeps it on by
/// default.
func server(_ product: String, _ package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Server"]))
}

let package = Package(
    name: "Doorstep",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "DoorstepStrings", targets: ["DoorstepStrings"]),
        .library(name: "DoorstepFlow", targets: ["DoorstepFlow"]),
        .library(name: "DoorstepAPI", targets: ["DoorstepAPI"]),
        .library(name: "DoorstepServerCore", targets: ["DoorstepServerCore"]),
        .library(name: "DoorstepSQLite", targets: ["DoorstepSQLite"]),
        .library(name: "DoorstepPostgres", targets: ["DoorstepPostgres"]),
        .library(name: "DoorstepServer", targets: ["DoorstepServer"]),
        .library(name: "DoorstepClient", targets: ["DoorstepClient"]),
        .library(name: "DoorstepPresentation", targets: ["DoorstepPresentation"]),
        .library(name: "DoorstepUI", targets: ["DoorstepUI"]),
        .library(name: "DoorstepMail", targets: ["DoorstepMail"]),
        .executable(name: "doorstep", targets: ["doorstep"]),
    ],
    traits: [
        .trait(name: "Server", description: "The server, its command line, load generator and tests."),
        .default(enabledTraits: ["Server"]),
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
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        // Both come with jwt-kit; named here because App Store signatures are checked with them.
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // Traces over OTLP/HTTP only: the gRPC exporter (and its packages) is left out.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(name: "DoorstepStrings"),
        .target(
            name: "DoorstepFlow",
            dependencies: ["DoorstepStrings"],
            resources: [.copy("Catalog/Flows")]
        ),
        .target(
            name: "DoorstepAPI",
            dependencies: [
                "DoorstepFlow",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            // Generated/ is committed (scripts/generate-api), so no build plugin runs for an app.
            exclude: ["openapi-generator-config.yaml"],
            resources: [.copy("openapi.yaml")]
        ),
        .target(
            name: "DoorstepServerCore",
            dependencies: [
                "DoorstepFlow",
                server("Crypto", "swift-crypto"),
                // scrypt and AES-CTR, for passwords imported from Firebase.
                server("_CryptoExtras", "swift-crypto"),
                server("JWTKit", "jwt-kit"),
                server("X509", "swift-certificates"),
                server("SwiftASN1", "swift-asn1"),
                server("Logging", "swift-log"),
                server("CoreMetrics", "swift-metrics"),
                server("Tracing", "swift-distributed-tracing"),
            ],
            resources: [.copy("Resources/common-passwords.txt"), .copy("Resources/Messages.xcstrings")]
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
                server("SQLiteNIO", "sqlite-nio"),
            ]
        ),
        .target(
            name: "DoorstepPostgres",
            dependencies: [
                "DoorstepSQL",
                "DoorstepServerCore",
                server("PostgresNIO", "postgres-nio"),
                server("NIOPosix", "swift-nio"),
                server("NIOSSL", "swift-nio-ssl"),
            ]
        ),
        .target(
            name: "DoorstepMail",
            dependencies: [
                "DoorstepStrings",
                server("Logging", "swift-log"),
                server("Mustache", "swift-mustache"),
                server("NIOCore", "swift-nio"),
                server("NIOPosix", "swift-nio"),
                server("NIOSSL", "swift-nio-ssl"),
                server("NIOTLS", "swift-nio"),
            ],
            resources: [.copy("Templates")]
        ),
        // The HTTP surface: the API's handlers, middleware, problems, routing, and what a request
        // carries (its context, the services behind it, its language).
        .target(
            name: "DoorstepHTTP",
            dependencies: [
                "DoorstepAPI",
                "DoorstepServerCore",
                server("Hummingbird", "hummingbird"),
                server("OpenAPIHummingbird", "swift-openapi-hummingbird"),
                server("OpenAPIRuntime", "swift-openapi-runtime"),
                server("HTTPTypes", "swift-http-types"),
                server("Tracing", "swift-distributed-tracing"),
            ]
        ),
        // The pages a browser sees: every flow's web funnel, the account page and the admin pages.
        .target(
            name: "DoorstepWeb",
            dependencies: [
                "DoorstepHTTP",
                "DoorstepPresentation",
                server("Crypto", "swift-crypto"),
                server("Hummingbird", "hummingbird"),
                server("HTTPTypes", "swift-http-types"),
            ],
            resources: [.copy("Funnel/Assets")]
        ),
        // The server as a library: its configuration and the one `buildServer` every entry point
        // calls, and the adapters to the world (SMTP, webhooks over HTTP, bcrypt, metrics, traces).
        .target(
            name: "DoorstepServer",
            dependencies: [
                "DoorstepHTTP",
                "DoorstepMail",
                "DoorstepWeb",
                server("Crypto", "swift-crypto"),
                server("Hummingbird", "hummingbird"),
                server("ServiceLifecycle", "swift-service-lifecycle"),
                server("UnixSignals", "swift-service-lifecycle"),
                server("HummingbirdBcrypt", "hummingbird-auth"),
                server("OpenAPIHummingbird", "swift-openapi-hummingbird"),
                server("NIOPosix", "swift-nio"),
                server("OpenAPIRuntime", "swift-openapi-runtime"),
                server("AsyncHTTPClient", "async-http-client"),
                server("Prometheus", "swift-prometheus"),
                server("CoreMetrics", "swift-metrics"),
                server("OTel", "swift-otel"),
            ]
        ),
        .target(
            name: "DoorstepPresentation",
            dependencies: ["DoorstepFlow"],
            resources: [.copy("Resources/Words.xcstrings")]
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
            ],
            // What the SDK collects for the app, which Xcode adds to the app's privacy report. Copied, not
            // processed: a plain file in the target's bundle on every platform, Linux included.
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .executableTarget(
            name: "doorstep",
            dependencies: [
                "DoorstepFlow",
                "DoorstepHTTP",
                "DoorstepServer",
                "DoorstepMail",
                "DoorstepPostgres",
                "DoorstepSQLite",
                server("ArgumentParser", "swift-argument-parser"),
                server("Crypto", "swift-crypto"),
                server("JWTKit", "jwt-kit"),
            ]
        ),
        .executableTarget(
            name: "doorstep-load",
            dependencies: [
                server("ArgumentParser", "swift-argument-parser"),
                server("AsyncHTTPClient", "async-http-client"),
                server("HummingbirdBcrypt", "hummingbird-auth"),
                server("Crypto", "swift-crypto"),
                server("NIOHTTP1", "swift-nio"),
                server("NIOFoundationCompat", "swift-nio"),
            ],
            path: "Tools/LoadGenerator"
        ),
        .target(
            name: "DoorstepTestSupport",
            dependencies: [
                "DoorstepServerCore",
                "DoorstepServer",
                "DoorstepPostgres",
                server("HummingbirdTesting", "hummingbird"),
                server("PostgresNIO", "postgres-nio"),
                server("JWTKit", "jwt-kit"),
                server("OpenAPIRuntime", "swift-openapi-runtime"),
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
                "DoorstepClient",
                "DoorstepTestSupport",
                "DoorstepPostgres",
                "DoorstepSQLite",
                server("SQLiteNIO", "sqlite-nio"),
                server("X509", "swift-certificates"),
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
            dependencies: ["DoorstepClient", "DoorstepPresentation", "DoorstepTestSupport"]
        ),
        .testTarget(
            name: "DoorstepCommandTests",
            dependencies: [
                "doorstep",
                "DoorstepClient",
                "DoorstepTestSupport",
                server("SQLiteNIO", "sqlite-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Doorstep",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "DoorstepFlow", targets: ["DoorstepFlow"]),
        .executable(name: "doorstep", targets: ["doorstep"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .target(
            name: "DoorstepFlow",
            resources: [.copy("Catalog/Flows")]
        ),
        .executableTarget(
            name: "doorstep",
            dependencies: [
                "DoorstepFlow",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "DoorstepFlowTests",
            dependencies: ["DoorstepFlow"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "DoorstepCommandTests",
            dependencies: ["doorstep"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

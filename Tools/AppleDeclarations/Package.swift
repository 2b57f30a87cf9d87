// swift-tools-version: 6.1
import PackageDescription

// Derives the declaration modules of Tests/AppleTypecheck/SDK from an iOS SDK's Swift interfaces: the
// declarations the iOS code names, every overload, with Apple's attributes. Kept out of Doorstep's own
// manifest, and out of CI's build, since only a maintainer with an SDK runs it
// (scripts/derive-apple-declarations); CI compiles the committed output.
let package = Package(
    name: "AppleDeclarations",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1")
    ],
    targets: [
        .target(
            name: "AppleDeclarations",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .executableTarget(name: "derive-apple-declarations", dependencies: ["AppleDeclarations"]),
        .testTarget(name: "AppleDeclarationsTests", dependencies: ["AppleDeclarations"]),
    ]
)

// swift-tools-version: 6.1
import PackageDescription

// An app's package as docs/getting-started.md tells one to write it: Doorstep's client and screens, without the
// server. `scripts/check-consumer` proves that it resolves none of the server's packages.
let package = Package(
    name: "ConsumerApp",
    platforms: [.macOS(.v15), .iOS(.v17)],
    dependencies: [
        // An app names the repository's URL: .package(url: "https://github.com/…/doorstep", from: "1.0.0", traits: [])
        .package(name: "Doorstep", path: "../..", traits: [])
    ],
    targets: [
        .target(
            name: "ConsumerApp",
            dependencies: [
                .product(name: "DoorstepClient", package: "Doorstep"),
                .product(name: "DoorstepUI", package: "Doorstep"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// The OpenAPI generator, kept out of Doorstep's own manifest so that an app adding Doorstep is never
// asked to trust a build plugin: `scripts/generate-api` runs it to rewrite Sources/DoorstepAPI/Generated.
let package = Package(
    name: "GenerateAPI",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)

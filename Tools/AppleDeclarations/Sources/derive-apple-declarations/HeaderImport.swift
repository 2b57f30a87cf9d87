import Foundation

/// A C or Objective-C framework's headers as Swift imports them, printed by the compiler's own importer
/// (`swift-synthesize-interface`, part of the toolchain): selectors become Swift names, nullability
/// optionals, `NS_ENUM`s enums that may grow, completion handlers `@Sendable` closures with an `async`
/// twin, `API_AVAILABLE` `@available` and `NS_SWIFT_UI_ACTOR` `@MainActor`, exactly as on a Mac.
struct HeaderImport {
    /// The SDK folder.
    var sdk: URL
    /// The iOS target triple the headers are read for (`arm64-apple-ios17.0`).
    var target: String
    /// Where the importer keeps the Clang modules it builds, between runs.
    var moduleCache: URL
    /// A resource folder with this toolchain's Clang headers and nothing of its Linux platform, so the
    /// SDK's own Dispatch and libc are the ones read.
    var resources: URL

    /// Prepares the resource folder under `scratch`.
    init(sdk: URL, target: String, scratch: URL) throws {
        self.sdk = sdk
        self.target = target
        moduleCache = scratch.appendingPathComponent("module-cache")
        resources = scratch.appendingPathComponent("resources")
        let toolchainResources = try Self.toolchainResources()
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        for folder in ["clang", "shims", "apinotes"] {
            let link = resources.appendingPathComponent(folder)
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil {
                try FileManager.default.createSymbolicLink(
                    at: link, withDestinationURL: toolchainResources.appendingPathComponent(folder))
            }
        }
    }

    /// The Swift text of `module` as imported, submodules included, every type named by its module.
    ///
    /// Only the headers' declarations: the module's own Swift overlay, which the importer would print
    /// too once it loads, is hidden behind an empty one (the configuration reads the overlay's interface
    /// as Apple printed it).
    func swiftText(of module: String) throws -> String {
        let overlays = moduleCache.deletingLastPathComponent().appendingPathComponent("overlays/\(module)")
        let overlay = overlays.appendingPathComponent("\(module).swiftmodule")
        try FileManager.default.createDirectory(at: overlay, withIntermediateDirectories: true)
        let architecture = target.prefix { $0 != "-" }
        let emptyOverlay = """
            // swift-interface-format-version: 1.0
            // swift-module-flags: -target \(target) -module-name \(module)
            @_exported import \(module)

            """
        try Data(emptyOverlay.utf8).write(
            to: overlay.appendingPathComponent("\(architecture)-apple-ios.swiftinterface"))
        // The text goes to a file, so the one pipe read carries only diagnostics (the importer prints
        // many for an overlay it cannot build); two pipes read one after the other could deadlock.
        let printed = moduleCache.deletingLastPathComponent().appendingPathComponent("printed-\(module).swift")
        let (status, diagnostics) = try Self.run([
            "swift-synthesize-interface", "-module-name", module, "-include-submodules",
            "-print-fully-qualified-types", "-target", target, "-sdk", sdk.path, "-I", overlays.path,
            "-resource-dir", resources.path, "-module-cache-path", moduleCache.path, "-o", printed.path,
        ])
        guard status == 0, let text = try? String(contentsOf: printed, encoding: .utf8), !text.isEmpty else {
            throw ImportFailure(module: module, diagnostics: String(decoding: diagnostics, as: UTF8.self))
        }
        return text
    }

    /// Runs a toolchain command found on the path; its standard output and error, in one pipe.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    private static func toolchainResources() throws -> URL {
        let (_, data) = try run(["swiftc", "-print-target-info"])
        struct TargetInfo: Decodable {
            struct Paths: Decodable { var runtimeResourcePath: String }
            var paths: Paths
        }
        return URL(fileURLWithPath: try JSONDecoder().decode(TargetInfo.self, from: data).paths.runtimeResourcePath)
    }
}

/// The importer could not read a framework's headers.
struct ImportFailure: Error, CustomStringConvertible {
    var module: String
    var diagnostics: String
    var description: String { "the headers of \(module) cannot be imported:\n\(diagnostics)" }
}

extension HeaderImport {
    /// The Objective-C classes of `module` whose headers mark `init` unavailable (`NS_UNAVAILABLE`).
    /// The importer prints neither these nor the `init()` every other `NSObject` subclass inherits, so
    /// the lowering declares `init()` for the classes not listed here.
    func classesWithoutInit(in module: String) -> Set<String> {
        let headers = sdk.appendingPathComponent("System/Library/Frameworks/\(module).framework/Headers")
        let files = (try? FileManager.default.contentsOfDirectory(at: headers, includingPropertiesForKeys: nil)) ?? []
        var classes: Set<String> = []
        for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "h" {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for block in text.matches(of: /@interface\s+(\w+)\b(?:(?!@end)[\s\S])*?@end/) {
                let body = String(block.output.0)
                if body.contains(
                    /-\s*\(instancetype\)\s*init\s+(NS_UNAVAILABLE|API_UNAVAILABLE|__attribute__\(\(unavailable)/)
                {
                    classes.insert(String(block.output.1))
                }
            }
        }
        return classes
    }
}

// derive-apple-declarations SDK_DIR CONFIG OUTPUT_DIR SYMBOL_GRAPHS_DIR
//
// Reads CONFIG (JSON: the checked source folders, the modules to derive with their interface's path
// inside the SDK, and the modules they may mention), derives each module's declarations from the SDK
// and writes OUTPUT_DIR/<Module>/<Module>.swiftinterface. SYMBOL_GRAPHS_DIR holds this toolchain's
// Swift and Foundation symbol graphs, so nothing Linux lacks is mentioned. The same SDK and toolchain
// give the same bytes.

import AppleDeclarations
import Foundation

struct Configuration: Decodable {
    struct Module: Decodable {
        var name: String
        var interface: String
    }

    /// Folders of the code whose names are derived.
    var checked: [String]
    var modules: [Module]
    /// Modules of this toolchain the derived ones may mention, each with the symbol-graph modules that
    /// hold its types on Linux (Foundation's live in FoundationEssentials too).
    var toolchain: [String: [String]]
    /// Hand-written stand-in modules in OUTPUT_DIR: only the types their sources declare exist.
    var standIns: [String]
}

func swiftFiles(under path: String) -> [URL] {
    let root = URL(fileURLWithPath: path)
    let found =
        FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
        .compactMap { $0 as? URL } ?? []
    return found.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    fail("usage: derive-apple-declarations SDK_DIR CONFIG OUTPUT_DIR SYMBOL_GRAPHS_DIR")
}
let symbolGraphs = URL(fileURLWithPath: arguments[4])
let sdk = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[3])
guard let configData = FileManager.default.contents(atPath: arguments[2]),
    let configuration = try? JSONDecoder().decode(Configuration.self, from: configData)
else { fail("\(arguments[2]) is not a configuration this tool reads") }

let sources = configuration.checked.flatMap(swiftFiles(under:)).compactMap {
    try? String(contentsOf: $0, encoding: .utf8)
}
let used = UsedNames(sources: sources)
var provided: [String: Set<String>?] = [:]
for (module, graphs) in configuration.toolchain.sorted(by: { $0.key < $1.key }) {
    do {
        provided[module] = .some(try SymbolGraphs.typeNames(of: graphs, in: symbolGraphs))
    } catch {
        fail("the symbol graphs of \(module) in \(symbolGraphs.path) cannot be read: \(error)")
    }
}
for module in configuration.standIns {
    let texts = swiftFiles(under: output.appendingPathComponent(module).path)
        .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    provided[module] = .some(StandIn.typeNames(in: texts))
}
let sdkName = sdk.lastPathComponent
let interfaces = configuration.modules.map { module -> ModuleInterface in
    let url = sdk.appendingPathComponent(module.interface)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fail("\(url.path) cannot be read") }
    return ModuleInterface(name: module.name, text: text, origin: "\(sdkName)/\(module.interface)")
}
for derived in Derivation(modules: interfaces, used: used, provided: provided).derive() {
    let folder = output.appendingPathComponent(derived.module)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for stale in swiftFiles(under: folder.path) { try FileManager.default.removeItem(at: stale) }
    let file = folder.appendingPathComponent("\(derived.module).swiftinterface")
    try Data(derived.text.utf8).write(to: file)
    let lines = derived.text.split(separator: "\n").count
    FileHandle.standardError.write(
        Data(
            "\(derived.module): \(lines) lines, \(derived.leftOut) declarations left out (they name a module not provided)\n"
                .utf8))
}

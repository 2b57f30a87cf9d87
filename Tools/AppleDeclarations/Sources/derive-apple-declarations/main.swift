// derive-apple-declarations SDK_DIR CONFIG OUTPUT_DIR SYMBOL_GRAPHS_DIR SCRATCH_DIR
//
// Reads CONFIG (JSON: the checked source folders, the modules to derive — each from its Swift
// interface's path inside the SDK, its C or Objective-C headers as Swift imports them, or both — and the
// modules they may mention), derives each module's declarations from the SDK and writes
// OUTPUT_DIR/<Module>/<Module>.swiftinterface. SYMBOL_GRAPHS_DIR holds this toolchain's Swift and
// Foundation symbol graphs, so nothing Linux lacks is mentioned; SCRATCH_DIR keeps the importer's module
// cache between runs. The same SDK and toolchain give the same bytes.

import AppleDeclarations
import Foundation

struct Configuration: Decodable {
    struct Module: Decodable {
        var name: String
        /// The Swift interface's path inside the SDK: the whole module, or the overlay of `headers`.
        var interface: String?
        /// Whether the module's C or Objective-C headers are read, as Swift imports them.
        var headers: Bool?
    }

    /// A hand-written module that stands in for modules Linux lacks.
    struct StandIn: Decodable {
        var name: String
        /// The modules whose types it declares or re-exports (`ObjectiveC`'s `NSObject`).
        var standsFor: [String]
    }

    /// Folders of the code whose names are derived.
    var checked: [String]
    var modules: [Module]
    /// Modules of this toolchain the derived ones may mention, each with the symbol-graph modules that
    /// hold its types on Linux (Foundation's live in FoundationEssentials too).
    var toolchain: [String: [String]]
    /// The iOS target the headers are read for (`arm64-apple-ios17.0`, the deployment target).
    var target: String
    /// Hand-written stand-in modules in OUTPUT_DIR: the types their sources declare exist, and those of
    /// the toolchain modules they re-export.
    var standIns: [StandIn]
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
guard arguments.count == 6 else {
    fail("usage: derive-apple-declarations SDK_DIR CONFIG OUTPUT_DIR SYMBOL_GRAPHS_DIR SCRATCH_DIR")
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
var spellings: [StandInSpelling] = []
for standIn in configuration.standIns {
    let texts = swiftFiles(under: output.appendingPathComponent(standIn.name).path)
        .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    let declared = StandIn.typeNames(in: texts)
    let reexported = standIn.standsFor.compactMap { provided[$0] ?? nil }.reduce(into: Set<String>()) {
        $0.formUnion($1)
    }
    provided[standIn.name] = .some(declared.union(reexported))
    spellings.append(
        StandInSpelling(
            standIn: standIn.name, standsFor: Set(standIn.standsFor), declared: declared,
            toolchainModules: Set(configuration.toolchain.keys)))
}
let sdkName = sdk.lastPathComponent
let importer: HeaderImport
do {
    importer = try HeaderImport(
        sdk: sdk, target: configuration.target, scratch: URL(fileURLWithPath: arguments[5]))
} catch {
    fail("the header importer cannot be prepared: \(error)")
}
let interfaces = configuration.modules.map { module -> ModuleInterface in
    var texts: [String] = []
    var origins: [String] = []
    var classesWithUnavailableInit: Set<String>?
    if let path = module.interface {
        let url = sdk.appendingPathComponent(path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fail("\(url.path) cannot be read") }
        texts.append(text)
        origins.append("\(sdkName)/\(path)")
    }
    if module.headers == true {
        do {
            let imported = try importer.swiftText(of: module.name)
            let standIns = spellings.map { "import \($0.standIn)\n" }.joined()
            let respelled = spellings.reduce(imported) { $1.respelled($0) }
            texts.append(standIns + DiscardableResults.marked(respelled))
            classesWithUnavailableInit = importer.classesWithoutInit(in: module.name)
        } catch {
            fail("\(error)")
        }
        origins.append("the headers of \(sdkName)'s \(module.name) as Swift imports them for \(configuration.target)")
    }
    guard !texts.isEmpty else { fail("\(module.name) names neither an interface nor headers") }
    return ModuleInterface(
        name: module.name, text: texts.joined(separator: "\n"), origin: origins.joined(separator: " and "),
        classesWithUnavailableInit: classesWithUnavailableInit)
}
/// The names of the SDK's frameworks and Swift modules.
func moduleNames(in sdk: URL) -> Set<String> {
    var names: Set<String> = []
    for (folder, suffix) in [("System/Library/Frameworks", ".framework"), ("usr/lib/swift", ".swiftmodule")] {
        let entries =
            (try? FileManager.default.contentsOfDirectory(atPath: sdk.appendingPathComponent(folder).path)) ?? []
        names.formUnion(entries.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
    }
    return names
}

let derivation = Derivation(modules: interfaces, used: used, provided: provided, sdkModules: moduleNames(in: sdk))
for derived in derivation.derive() {
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

import Foundation

/// The types a module of this machine's toolchain has, read from `swift-symbolgraph-extract`'s output:
/// what the derived declarations may mention of Swift or Foundation and still compile here.
public enum SymbolGraphs {
    private struct Graph: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable { var identifier: String }
            var kind: Kind
            var pathComponents: [String]
        }
        var symbols: [Symbol]
    }

    private static let typeKinds: Set<String> = [
        "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias",
    ]

    /// The top-level type names of `modules`, from the `<Module>.symbols.json` and
    /// `<Module>@<Other>.symbols.json` files in `directory`.
    public static func typeNames(of modules: [String], in directory: URL) throws -> Set<String> {
        var names: Set<String> = []
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files.sorted(by: { $0.path < $1.path }) where file.path.hasSuffix(".symbols.json") {
            let module = file.lastPathComponent.prefix { $0 != "@" && $0 != "." }
            guard modules.contains(String(module)) else { continue }
            let graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: file))
            for symbol in graph.symbols
            where symbol.pathComponents.count == 1 && typeKinds.contains(symbol.kind.identifier) {
                names.insert(symbol.pathComponents[0])
            }
        }
        return names
    }
}
